import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIFTED_LEVEL_LIMITS_ENV } from '../../src/test-support/lifted-limits.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** The servers' signing secret, so tests can mint tokens for seeded users. */
export const CHAOS_JWT_SECRET = 'chaos-secret-that-is-long-enough-0123456789abcdef';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * With SERVER_CPU_PROF_DIR set, each server this harness starts writes a V8 CPU profile there when
 * it stops (`--cpu-prof`, which NODE_OPTIONS may not carry): how the bench profiles the server alone.
 */
function profilerArgs(): string[] {
  const dir = process.env.SERVER_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

/**
 * The real API as a separate process (`node --import tsx src/main.ts`), on a port of its own, so
 * it can be killed with SIGKILL and started again on the same port. Its logs are kept in memory
 * for the tests that read them.
 */
export class ServerProcess {
  readonly logs: string[] = [];
  private child: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  static async start(env: Record<string, string>): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'kc-chaos-')),
      LOG_LEVEL: 'info',
      JWT_SECRET: CHAOS_JWT_SECRET,
      RATE_LIMIT_MULTIPLIER: '100000',
      // The workloads measure the ledger under load, not the verification levels' limits.
      LEVEL_LIMITS: LIFTED_LEVEL_LIMITS_ENV,
      ...env,
    });
    await server.boot();
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The running server's process id (the bench reads its CPU time). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  async boot(): Promise<void> {
    const child = spawn(process.execPath, [...profilerArgs(), '--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        ...this.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => this.logs.push(chunk.toString()));
    this.child = child;
    // A cold start compiles the sources through tsx: seconds when the machine is quiet, far longer
    // when CI shares its cores, so the budget is for a loaded machine (the hooks allow 120 s).
    await this.waitHealthy(90_000);
  }

  /** SIGKILL: no shutdown, no flush — a crash. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.boot();
  }

  async stop(): Promise<void> {
    await this.kill('SIGTERM');
  }

  private async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null && this.child?.exitCode !== undefined) {
        throw new Error(`server exited with ${this.child.exitCode}:\n${this.logs.join('').slice(-2000)}`);
      }
      const ok = await fetch(`${this.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server not healthy within ${timeoutMs} ms:\n${this.logs.join('').slice(-2000)}`);
  }
}

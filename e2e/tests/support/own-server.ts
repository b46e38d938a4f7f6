import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from './free-port';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The build the suite's server serves (playwright.config.ts passes WEB_DIST_DIR on to it). */
export const servedWebDist = resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');

export type StartedServer = { url: string; stop: () => Promise<void> };
export type OwnServer = StartedServer & { webDist: string };

// A busy 2-core machine: the server compiles its TypeScript and migrates a fresh database while
// the suite's browsers and server run.
const START_BUDGET_MS = 120_000;
const HEALTH_POLL_MS = 250;

/**
 * The real server on a port of its own (127.0.0.1), a fresh embedded database, and a copy of the
 * built web app that a journey may change (a new release) without touching the suite's. Stopped,
 * and its folders removed, by `stop()`, or when the test process ends.
 */
export async function startServerOnCopy(): Promise<OwnServer> {
  const scratch = mkdtempSync(join(tmpdir(), 'kreyolcash-e2e-own-'));
  const webDist = join(scratch, 'web');
  cpSync(servedWebDist, webDist, { recursive: true });
  return { ...(await startServer({ scratch, webDist })), webDist };
}

/**
 * The real server (development mode: the outbox carries the codes) on a free port of 127.0.0.1,
 * serving the web app built in `webDist`, with a fresh embedded database in `scratch`/data and
 * `env` added to this process's. The e2e journeys and the benches (bench/web-server.ts) both
 * start it so. `stop()` stops it and removes `scratch`, as does a start that fails; the server is
 * also stopped when this process ends, whatever way it ends.
 */
export async function startServer(options: {
  scratch: string;
  webDist: string;
  env?: Record<string, string>;
}): Promise<StartedServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(options.scratch, 'data'),
      WEB_DIST_DIR: options.webDist,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await stopProcess(child);
    rmSync(options.scratch, { recursive: true, force: true });
  };
  try {
    await untilHealthy(url, child);
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${stderr}`);
  }
  return { url, stop };
}

async function untilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_BUDGET_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolveSoon) => setTimeout(resolveSoon, HEALTH_POLL_MS));
  }
  throw new Error(`the server did not answer within ${START_BUDGET_MS / 1000} s`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  child.kill('SIGTERM');
  return exited;
}

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const repoRoot = join(serverRoot, '../..');
const BOOT_TIMEOUT_MS = 120_000;

/**
 * A folder for a build of its own (never apps/server/dist, which `npm start` owns). It lies under
 * apps/server/node_modules/.cache so that the build's package imports resolve as from dist/.
 */
export function scratchBuildFolder(): { dir: string; remove: () => void } {
  const cache = join(serverRoot, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'kreyolcash-build-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `node apps/server/build.mjs --outdir <dir>`, as `npm run build` runs it. */
export async function buildServerInto(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [join(serverRoot, 'build.mjs'), '--outdir', dir]);
}

export type CompiledServer = {
  url: string;
  /** From the spawn to the first healthy answer of /api/health. */
  startMs: number;
  logs: () => string;
  /** SIGTERM; resolves with the exit code once the process is gone. */
  stop: () => Promise<number | null>;
  /** SIGKILL: a crash, with no drain and no shutdown. */
  crash: () => Promise<number | null>;
};

/**
 * `node <dir>/main.js` with plain Node (no loader), on a port it picks itself, with only the
 * given settings besides PATH and HOME: nothing of the test runner's environment leaks in.
 */
export function startCompiledServer(dir: string, env: Record<string, string>): Promise<CompiledServer> {
  return startServerProcess(['--enable-source-maps', join(dir, 'main.js')], env);
}

/** `node <args>` from the repository's root, for a script that ends up running the server. */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
): Promise<CompiledServer> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = () => kill(child, 'SIGTERM');
  try {
    const url = await listeningUrl(child, () => output);
    await untilHealthy(url);
    return {
      url,
      startMs: performance.now() - started,
      logs: () => output,
      stop,
      crash: () => kill(child, 'SIGKILL'),
    };
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n${output}`);
  }
}

// main.ts logs where it listens once it does; PORT=0 leaves the choice to the system, so two runs
// never race for a port.
function listeningUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not listen in time')), BOOT_TIMEOUT_MS);
    const look = () => {
      const match = /KreyolCash is on (http:\/\/[\d.]+:\d+)/.exec(output());
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', look);
      resolve(match[1]);
    };
    child.stdout?.on('data', look);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
}

async function untilHealthy(url: string): Promise<void> {
  const deadline = Date.now() + BOOT_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the server never answered /api/health');
}

function kill(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(signal);
  return exited;
}

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  scratchBuildFolder,
  startCompiledServer,
  startServerProcess,
} from '../apps/server/src/test-support/compiled-server.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { repoRoot } from './web-build.ts';

// The goal: a restart serves in ≤ 5 s. `npm start` is `node scripts/start.mjs`: ensure-deps, the
// build of what changed, then the compiled server in the same process. The bench runs that script
// on builds of its own (never apps/web/dist or apps/server/dist, which other runs use) and on an
// embedded database that already holds data, as a restart does, and adds what the npm launcher
// costs, timed by running `npm run env`.
const RESTART_GOAL_MS = 5000;
const RUNS = 3;
const run = promisify(execFile);

export async function benchRestart(): Promise<{ rows: Record<string, string>[]; failures: string[] }> {
  const server = scratchBuildFolder();
  const scratch = mkdtempSync(join(tmpdir(), 'kreyolcash-bench-restart-'));
  const outputs = ['--web-out', join(scratch, 'web'), '--server-out', server.dir];
  const env = { DATA_DIR: join(scratch, 'data'), WEB_DIST_DIR: join(scratch, 'web') };
  try {
    const fullBuild = await timed(() => node('scripts/build.mjs', ...outputs));
    const first = await startCompiledServer(server.dir, env);
    await first.stop();
    const restarts: { total: number; npm: number; start: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const npm = await timed(() => run('npm', ['run', '--silent', 'env'], { cwd: repoRoot }));
      const started = await startServerProcess([join(repoRoot, 'scripts/start.mjs'), ...outputs], env);
      await started.stop();
      if (started.logs().includes('Building'))
        throw new Error(`nothing changed, yet it built:\n${started.logs()}`);
      restarts.push({ total: npm + started.startMs, npm, start: started.startMs });
    }
    const median = [...restarts].sort((a, b) => a.total - b.total)[Math.floor(RUNS / 2)] ?? restarts[0];
    if (!median) throw new Error('no restart measured');
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const production = await productionStart(server.dir, join(scratch, 'web'));
    const rows = [
      {
        measure: 'start: `npm start` again with nothing changed, until /api/health answers (embedded db)',
        ours: seconds(median.total),
        anchor: '15 s before (every start rebuilt the web app)',
        ratio: (median.total / RESTART_GOAL_MS).toFixed(2),
        goal: '≤ 5 s',
        notes: `median of ${RUNS}; npm launcher ${seconds(median.npm)}, node scripts/start.mjs ${seconds(median.start)}`,
      },
      {
        measure: 'start: first start of the compiled server on an empty embedded database',
        ours: seconds(first.startMs),
        anchor: '',
        ratio: '',
        goal: 'report',
        notes: 'migrations and the ledger SQL applied',
      },
      {
        measure:
          'start: the compiled server with NODE_ENV=production on PostgreSQL, migrated, until /api/health answers',
        ours: seconds(production),
        anchor: '',
        ratio: (production / RESTART_GOAL_MS).toFixed(2),
        goal: '≤ 5 s',
        notes: `median of ${RUNS}; node dist/main.js with the settings production requires`,
      },
      {
        measure: 'build: `npm run build` from nothing (web app + server)',
        ours: seconds(fullBuild),
        anchor: '',
        ratio: '',
        goal: 'report',
        notes: 'what a start after a change pays',
      },
    ];
    const failures = [
      ...(median.total > RESTART_GOAL_MS
        ? [`restart ${seconds(median.total)} > ${seconds(RESTART_GOAL_MS)}`]
        : []),
      ...(production > RESTART_GOAL_MS
        ? [`production start ${seconds(production)} > ${seconds(RESTART_GOAL_MS)}`]
        : []),
    ];
    return { rows, failures };
  } finally {
    server.remove();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Production's start after the build: plain node on the compiled server, NODE_ENV=production with
 * its required settings, on a PostgreSQL database the first start migrated (the median of the
 * starts after it).
 */
async function productionStart(serverDir: string, webDir: string): Promise<number> {
  const database = await createScratchDatabase('kc_bench_start');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    JWT_SECRET: 'bench-production-start-secret-that-is-long-enough-0123',
    PUBLIC_URL: 'https://kreyolcash.example',
    SMTP_URL: 'smtp://127.0.0.1:1',
    WHATSAPP_GATEWAY_URL: 'http://127.0.0.1:1',
    WEB_DIST_DIR: webDir,
    LOG_LEVEL: 'info',
  };
  try {
    await (await startCompiledServer(serverDir, env)).stop();
    const starts: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = await startCompiledServer(serverDir, env);
      await started.stop();
      starts.push(started.startMs);
    }
    return [...starts].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? Number.NaN;
  } finally {
    await database.drop();
  }
}

function node(script: string, ...args: string[]) {
  return run(process.execPath, [join(repoRoot, script), ...args], { cwd: repoRoot, maxBuffer: 1 << 24 });
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

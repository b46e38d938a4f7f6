import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const webRoot = join(repoRoot, 'apps/web');

let built: Promise<string> | undefined;

/**
 * A production build of the web app, with its manifest, in a directory of its own: the bench
 * measures the code as it is now, and never touches apps/web/dist, which other runs may be serving.
 * Built once per bench run and removed when the run ends.
 */
export function buildWebApp(): Promise<string> {
  built ??= (async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'kreyolcash-bench-web-'));
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
    // BENCH_SOURCEMAP=1 adds source maps, to name the functions of a CPU profile (bench/profile-page.ts).
    const maps = process.env.BENCH_SOURCEMAP === '1' ? ['--sourcemap'] : [];
    await run(process.execPath, [
      vite,
      'build',
      webRoot,
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      ...maps,
    ]);
    return outDir;
  })();
  return built;
}

let referenceBuilt: Promise<string> | undefined;

/**
 * The bench's reference page (`bench/reference`: React drawing one heading) built with the web
 * app's own Vite configuration into `reference/` of the app's build, so the same server sends it
 * (at /reference/index.html) the way it sends the app. Not part of the app: the service worker's
 * list and the route table were written before it, and no route leads to it.
 */
export function buildReferencePage(distDir: string): Promise<string> {
  referenceBuilt ??= (async () => {
    const outDir = join(distDir, 'reference');
    const vite = join(repoRoot, 'node_modules/vite/bin/vite.js');
    const referenceRoot = join(repoRoot, 'bench/reference');
    const config = join(referenceRoot, 'vite.config.ts');
    await run(process.execPath, [
      vite,
      'build',
      referenceRoot,
      '--config',
      config,
      '--outDir',
      outDir,
      '--emptyOutDir',
    ]);
    return outDir;
  })();
  return referenceBuilt;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: webRoot, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${stderr}`)),
    );
  });
}

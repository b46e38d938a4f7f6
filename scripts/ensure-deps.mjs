// Installs dependencies on a fresh clone (or after package-lock.json changed), so that
// `npm start` and `npm test` are the whole set-up.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withProgress } from './progress.mjs';

const marker = 'node_modules/.package-lock.json';

/** True on a fresh clone, or when package-lock.json changed since the last install. */
export function dependenciesAreStale() {
  return !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
}

export async function ensureDependencies() {
  if (!dependenciesAreStale()) return;
  // `npm ci`: exactly the lock's versions, and it stops if package.json and the lock disagree
  // instead of resolving anew and rewriting the lock, as `npm install` may.
  await withProgress('Installing the locked dependencies (npm ci)', () =>
    run('npm', ['ci', '--no-audit', '--no-fund']),
  );
}

// Asynchronous, so that the progress lines keep coming while npm works.
function run(command, args) {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureDependencies();
}

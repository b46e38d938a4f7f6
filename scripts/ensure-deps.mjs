// Installs dependencies on a fresh clone (or after package-lock.json changed), so that
// `npm start` and `npm test` are the whole set-up.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const isStale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (isStale) {
  console.log('Installing dependencies (first run)…');
  // `npm install` (not `npm ci`): it installs the locked versions just the same, and npm ci refuses
  // a lock file that lists only this platform's optional binaries (Biome, esbuild, sharp).
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}

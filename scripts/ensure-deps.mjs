// Installs dependencies on a fresh clone (or after package-lock.json changed), so that
// `npm start` and `npm test` are the whole set-up.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const isStale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (isStale) {
  console.log('Installing the locked dependencies…');
  // `npm ci`: exactly the lock's versions, and it stops if package.json and the lock disagree
  // instead of resolving anew and rewriting the lock, as `npm install` may.
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

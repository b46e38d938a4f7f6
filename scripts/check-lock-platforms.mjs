// Fails when package-lock.json lacks an optional dependency of a locked package. Native tools
// (Biome, esbuild, sharp, Tailwind's oxide, Rollup, Lightning CSS) ship one optional package per
// platform; npm drops the other platforms' entries when it rewrites the lock beside an installed
// node_modules, and `npm ci` on another machine then refuses the lock or misses its binary.
//
// To restore the missing entries without moving anything else to newer versions: in a copy of
// the package.json files and the lock (no node_modules), delete the entries of the package that
// declares them and of its dependents up to a workspace's direct dependency, then run
// `npm install --package-lock-only --ignore-scripts` there and bring the lock back.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const lockPath = process.argv[2] ?? resolve(root, 'package-lock.json');

/** The lock key Node's resolution reaches for `name` from the package at `from`, if locked. */
function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const key = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (packages[key]) return key;
    if (base === '') return null;
    const nested = base.lastIndexOf('/node_modules/');
    base = nested >= 0 ? base.slice(0, nested) : '';
  }
}

/** `from → name` for every optional dependency the lock cannot resolve. */
export function missingOptionalDependencies(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [key, entry] of Object.entries(packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveInLock(packages, key, name)) missing.push(`${key || '(root)'} → ${name}`);
    }
  }
  return missing;
}

const isMain = process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname;
if (isMain) {
  const missing = missingOptionalDependencies(JSON.parse(readFileSync(lockPath, 'utf8')));
  if (missing.length > 0) {
    console.error('package-lock.json lacks these optional (per-platform) dependencies:');
    for (const line of missing) console.error(`  ${line}`);
    console.error('See the comment at the top of scripts/check-lock-platforms.mjs to restore them.');
    process.exit(1);
  }
}

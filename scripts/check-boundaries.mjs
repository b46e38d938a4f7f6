// Import-boundary rules that Biome cannot express per folder:
// - a web feature never imports another feature, and shared web code never imports a feature;
// - packages/domain imports no React, no Node built-ins and no database driver;
// - only apps/server/src/ledger calls the ledger's SQL functions (kc_*): everything else goes
//   through its facade (apps/server/src/ledger/ledger.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const importPattern = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const forbiddenInDomain = /^(react|react-dom|node:|pg$|kysely|@electric-sql|fastify|fs$|path$|crypto$)/;

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(importPattern)].map((m) => m[1] ?? m[2]);
}

function featureOf(path) {
  const parts = relative(join(root, 'apps/web/src'), path).split(sep);
  return parts[0] === 'features' ? parts[1] : null;
}

const problems = [];
const webSrc = join(root, 'apps/web/src');
for (const file of sourceFiles(webSrc)) {
  const ownFeature = featureOf(file);
  const isAppShell = relative(webSrc, file).startsWith(`app${sep}`);
  for (const spec of importsOf(file)) {
    let target = null;
    if (spec.startsWith('.')) target = resolve(dirname(file), spec);
    else if (spec.startsWith('@/')) target = join(webSrc, spec.slice(2));
    if (!target) continue;
    const targetFeature = featureOf(target);
    if (!targetFeature || targetFeature === ownFeature) continue;
    // The app shell (route table, providers) is the one place that composes features.
    if (isAppShell) continue;
    problems.push(`${relative(root, file)} imports feature "${targetFeature}" (${spec})`);
  }
}
for (const file of sourceFiles(join(root, 'packages/domain/src'))) {
  for (const spec of importsOf(file)) {
    if (forbiddenInDomain.test(spec))
      problems.push(`${relative(root, file)} imports ${spec} (domain has no I/O)`);
  }
}

const ledgerHome = join(root, 'apps/server/src/ledger');
const ledgerCall = /\bkc_[a-z0-9_]+\s*\(/g;
for (const dir of ['apps/server/src', 'apps/server/chaos', 'apps/server/cluster', 'bench', 'e2e']) {
  for (const file of sourceFiles(join(root, dir))) {
    if (file.startsWith(ledgerHome + sep)) continue;
    for (const match of readFileSync(file, 'utf8').matchAll(ledgerCall)) {
      problems.push(
        `${relative(root, file)} calls ${match[0].replace(/\s*\($/, '')} (only src/ledger calls kc_* functions)`,
      );
    }
  }
}

if (problems.length > 0) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries ok');

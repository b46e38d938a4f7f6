// Import-boundary rules that Biome cannot express per folder:
// - a web feature never imports another feature, and shared web code never imports a feature;
// - packages/domain imports no React, no Node built-ins and no database driver;
// - only apps/server/src/ledger calls the ledger's SQL functions (kc_*): everything else goes
//   through its facade (apps/server/src/ledger/ledger.ts);
// - the server is a kernel (everything in apps/server/src outside features/, app.ts, main.ts,
//   commands/, test-support/ and tests) plus features (features/<name>/**) that app.ts composes:
//   1. a feature never imports another feature;
//   2. the kernel never imports a feature;
//   3. app.ts is imported only by main.ts, commands/, test-support/, tests, and the chaos,
//      cluster and bench suites;
//   4. a feature uses the ledger only through ledger/ledger.ts;
//   5. no import circle among the server's non-test files (type imports included: they still
//      tie the files' designs together, and a circle through types hides one through values).
//   Tests inside a feature obey 1 and 4; tests are exempt from 2 and 3, and left out of 5 (nothing
//   imports a test, so a test cannot close a circle).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { importSpecifiers } from './imports.mjs';

const forbiddenInDomain = /^(react|react-dom|node:|pg$|kysely|@electric-sql|fastify|fs$|path$|crypto$)/;
const ledgerCall = /\bkc_[a-z0-9_]+\s*\(/g;
const testFile = /\.test\.tsx?$/;
// Folders whose TypeScript may import the server's app.ts; rule 3 looks at all of them.
const scannedForAppImports = ['apps/server', 'apps/web/src', 'packages/domain/src', 'bench', 'e2e'];
const suitesThatMayImportApp = ['apps/server/chaos/', 'apps/server/cluster/', 'bench/'];
const appRule =
  'only main.ts, commands/, test-support/, tests and the chaos, cluster and bench suites import app.ts (server rule 3)';

function* sourceFiles(dir) {
  // A folder may be missing (a partial checkout, or the small trees the tests build).
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(name)) yield path;
  }
}

/** `path` relative to `base` with forward slashes, so the rules read the same on every OS. */
function posixRelative(base, path) {
  return relative(base, path).split(sep).join('/');
}

function importsOf(file) {
  return importSpecifiers(readFileSync(file, 'utf8'));
}

/** The file a relative specifier names: the path as written, or the .ts a .js or bare path stands for. */
function resolveRelative(file, spec) {
  if (!spec.startsWith('.')) return null;
  const path = resolve(dirname(file), spec);
  const candidates = [
    path,
    path.replace(/\.js$/, '.ts'),
    `${path}.ts`,
    `${path}.tsx`,
    join(path, 'index.ts'),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? path;
}

function webProblems(root) {
  const problems = [];
  const webSrc = join(root, 'apps/web/src');
  const featureOf = (path) => {
    const parts = relative(webSrc, path).split(sep);
    return parts[0] === 'features' ? parts[1] : null;
  };
  for (const file of sourceFiles(webSrc)) {
    const ownFeature = featureOf(file);
    // The app shell (route table, providers) is the one place that composes features.
    if (relative(webSrc, file).startsWith(`app${sep}`)) continue;
    for (const spec of importsOf(file)) {
      let target = null;
      if (spec.startsWith('.')) target = resolve(dirname(file), spec);
      else if (spec.startsWith('@/')) target = join(webSrc, spec.slice(2));
      if (!target) continue;
      const targetFeature = featureOf(target);
      if (!targetFeature || targetFeature === ownFeature) continue;
      problems.push(`${posixRelative(root, file)} imports feature "${targetFeature}" (${spec})`);
    }
  }
  return problems;
}

function domainProblems(root) {
  const problems = [];
  for (const file of sourceFiles(join(root, 'packages/domain/src'))) {
    for (const spec of importsOf(file)) {
      if (forbiddenInDomain.test(spec))
        problems.push(`${posixRelative(root, file)} imports ${spec} (domain has no I/O)`);
    }
  }
  return problems;
}

function ledgerCallProblems(root) {
  const problems = [];
  const ledgerHome = join(root, 'apps/server/src/ledger');
  for (const dir of ['apps/server/src', 'apps/server/chaos', 'apps/server/cluster', 'bench', 'e2e']) {
    for (const file of sourceFiles(join(root, dir))) {
      if (file.startsWith(ledgerHome + sep)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(ledgerCall)) {
        problems.push(
          `${posixRelative(root, file)} calls ${match[0].replace(/\s*\($/, '')} (only src/ledger calls kc_* functions)`,
        );
      }
    }
  }
  return problems;
}

/**
 * Where a path sits in the server's layout, from its path relative to apps/server/src:
 * `role` is feature, kernel, app, main, command or test-support; `feature` is the first path
 * segment under features/ (a stray file there counts as a feature of its own, so it cannot become
 * a back door shared between features).
 */
function serverPlace(srcPath) {
  const parts = srcPath.split('/');
  const place = (role, feature) => ({ role, feature, srcPath, isTest: testFile.test(srcPath) });
  if (parts[0] === 'features' && parts.length > 1) return place('feature', parts[1]);
  if (srcPath === 'app.ts') return place('app');
  if (srcPath === 'main.ts') return place('main');
  if (parts[0] === 'commands' && parts.length > 1) return place('command');
  if (parts[0] === 'test-support' && parts.length > 1) return place('test-support');
  return place('kernel');
}

/**
 * Every relative import of the TypeScript the server rules look at: `from` and `to` place both
 * ends in the server's layout, or are null outside apps/server/src.
 */
function serverImports(root) {
  const src = join(root, 'apps/server/src');
  const placeOf = (path) => (path.startsWith(src + sep) ? serverPlace(posixRelative(src, path)) : null);
  const imports = [];
  for (const dir of scannedForAppImports) {
    for (const file of sourceFiles(join(root, dir))) {
      for (const spec of importsOf(file)) {
        const target = resolveRelative(file, spec);
        if (!target) continue;
        const repoPath = posixRelative(root, file);
        imports.push({
          where: `${repoPath} imports ${spec}`,
          repoPath,
          from: placeOf(file),
          to: placeOf(target),
        });
      }
    }
  }
  return imports;
}

function mayImportApp({ repoPath, from }) {
  if (testFile.test(repoPath)) return true;
  if (suitesThatMayImportApp.some((prefix) => repoPath.startsWith(prefix))) return true;
  return ['main', 'command', 'test-support'].includes(from?.role);
}

function appImportProblems(imports) {
  return imports
    .filter((anImport) => anImport.to?.role === 'app' && !mayImportApp(anImport))
    .map(({ where }) => `${where}: ${appRule}`);
}

/** Rules 1, 2 and 4 for one import between two files of apps/server/src; null when it is allowed. */
function layerProblem(from, to) {
  if (from.role === 'feature' && to.role === 'feature' && to.feature !== from.feature)
    return `feature "${from.feature}" imports feature "${to.feature}" (server rule 1: a feature never imports another feature)`;
  if (from.role === 'kernel' && !from.isTest && to.role === 'feature')
    return `the kernel imports feature "${to.feature}" (server rule 2: the kernel never imports a feature)`;
  if (from.role === 'feature' && to.srcPath.startsWith('ledger/') && to.srcPath !== 'ledger/ledger.ts')
    return 'a feature reaches inside the ledger (server rule 4: features use only ledger/ledger.ts)';
  return null;
}

function layerProblems(imports) {
  return imports.flatMap(({ where, from, to }) => {
    const problem = from && to ? layerProblem(from, to) : null;
    return problem ? [`${where}: ${problem}`] : [];
  });
}

/** The server's non-test files (by their path in apps/server/src) and the files each imports. */
function importGraph(imports) {
  const graph = new Map();
  for (const { from, to } of imports) {
    if (!from || !to || from.isTest || to.isTest) continue;
    if (!graph.has(to.srcPath)) graph.set(to.srcPath, new Set());
    if (!graph.has(from.srcPath)) graph.set(from.srcPath, new Set());
    graph.get(from.srcPath).add(to.srcPath);
  }
  return graph;
}

/** Strongly connected components of `graph` (Tarjan), each a list of its nodes. */
function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest path from `start` back to itself inside `members`: one concrete circle to show. */
function circleThrough(graph, start, members) {
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node)) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [];
        for (let at = node; at !== start; at = cameFrom.get(at)) path.unshift(at);
        return [start, ...path, start];
      }
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return [start, start];
}

function circleProblems(graph) {
  const problems = [];
  for (const component of components(graph)) {
    const [only] = component;
    if (component.length === 1 && !graph.get(only).has(only)) continue;
    const files = component.sort();
    const circle = circleThrough(graph, files[0], new Set(files));
    const list = files.length === 1 ? '' : `; its ${files.length} files: ${files.join(', ')}`;
    problems.push(
      `apps/server/src/${files[0]} is in an import circle (server rule 5: no import circles): ${circle.join(' → ')}${list}`,
    );
  }
  return problems.sort();
}

/** Every boundary broken in the repository at `root`, one readable line each. */
export function checkBoundaries(root) {
  const imports = serverImports(root);
  return [
    ...webProblems(root),
    ...domainProblems(root),
    ...ledgerCallProblems(root),
    ...appImportProblems(imports),
    ...layerProblems(imports),
    ...circleProblems(importGraph(imports)),
  ];
}

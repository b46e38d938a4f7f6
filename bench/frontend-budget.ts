import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readRouteTable } from '../apps/web/route-table.ts';
import { buildWebApp, repoRoot } from './web-build.ts';

// The front end's budgets, in kB of 1000 bytes gzipped at level 9 (the .gz the server sends as it is; Vite's
// own report counts the same way). The first route of the table is the landing.
export const FIRST_ROUTE_JS_BUDGET_BYTES = 100_000;
export const CRITICAL_PATH_BUDGET_BYTES = 170_000;

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type RouteWeight = {
  path: string;
  jsBytes: number;
  cssBytes: number;
  /** Every file on the critical path, in the order found. */
  files: string[];
};

/**
 * What a first visit to each route downloads before it can draw: the entry, the chunks of the
 * route and of the layouts around it, the Creole texts it waits for, every static import of those,
 * recursively, and their stylesheets. Dynamic imports inside them (a dialog, another language) are
 * not on the critical path and are left out.
 */
export function weighRoutes(distDir: string): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the manifest has no entry');
  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length;
      gzipped.set(file, size);
    }
    return size;
  };

  return readRouteTable(join(repoRoot, 'apps/web')).map((route) => {
    const roots = [
      entryKey,
      ...route.modules.map((module) => manifestKeyOf(manifest, module)),
      ...route.namespaces.map((namespace) => manifestKeyOf(manifest, `src/i18n/${namespace}/ht.json`)),
    ];
    const files: string[] = [];
    const seen = new Set<string>();
    const walk = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the manifest has no ${key}`);
      files.push(chunk.file, ...(chunk.css ?? []));
      for (const imported of chunk.imports ?? []) walk(imported);
    };
    for (const key of roots) walk(key);
    const unique = [...new Set(files)];
    const total = (suffix: string) =>
      unique.filter((file) => file.endsWith(suffix)).reduce((sum, file) => sum + sizeOf(file), 0);
    return { path: route.path, jsBytes: total('.js'), cssBytes: total('.css'), files: unique };
  });
}

function manifestKeyOf(manifest: Manifest, module: string): string {
  const key = ['.tsx', '.ts', '.jsx', '.js', ''].map((suffix) => module + suffix).find((k) => k in manifest);
  if (!key) throw new Error(`no chunk in the build for ${module}`);
  return key;
}

/** Budget failures, as sentences; empty when every route fits. */
export function budgetFailures(weights: RouteWeight[]): string[] {
  const failures: string[] = [];
  const [first] = weights;
  if (first && first.jsBytes > FIRST_ROUTE_JS_BUDGET_BYTES)
    failures.push(
      `${first.path}: ${kB(first.jsBytes)} of JS > ${kB(FIRST_ROUTE_JS_BUDGET_BYTES)} (first route)`,
    );
  for (const weight of weights) {
    const total = weight.jsBytes + weight.cssBytes;
    if (total > CRITICAL_PATH_BUDGET_BYTES)
      failures.push(`${weight.path}: critical path ${kB(total)} > ${kB(CRITICAL_PATH_BUDGET_BYTES)}`);
  }
  return failures;
}

export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The bench section: one row per route of the table, and the failures of the budget. */
export async function benchFrontendBudget(): Promise<{ rows: Record<string, string>[]; failures: string[] }> {
  const weights = weighRoutes(await buildWebApp());
  const failures = budgetFailures(weights);
  const rows = weights.map((weight, index) => {
    const total = weight.jsBytes + weight.cssBytes;
    const isFirst = index === 0;
    const budget = isFirst ? FIRST_ROUTE_JS_BUDGET_BYTES : CRITICAL_PATH_BUDGET_BYTES;
    const measured = isFirst ? weight.jsBytes : total;
    return {
      measure: `web: ${weight.path} critical path, gzip`,
      ours: `JS ${kB(weight.jsBytes)} + CSS ${kB(weight.cssBytes)}`,
      anchor: isFirst ? `budget ${kB(budget)} JS (first route)` : `budget ${kB(budget)} JS+CSS`,
      ratio: (measured / budget).toFixed(2),
      goal: '≤ 1.00',
      notes: measured > budget ? 'OVER BUDGET' : '',
    };
  });
  return { rows, failures };
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { benchFrontendBudget } from './frontend-budget.ts';
import { benchHttpTransfers } from './http-bench.ts';
import { benchLedger } from './ledger-bench.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchRepeatVisit } from './repeat-visit.ts';
import { benchRestart } from './restart.ts';

// `npm run bench`: every figure of docs/performance.md in one run, printed as one table and
// written to bench/results/. This machine is shared and noisy: read the ratios, not the absolutes.
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const only = process.env.BENCH_ONLY?.split(',');
const wants = (section: string) => !only || only.includes(section);

const rows: Record<string, string | number>[] = [];
// Budgets that fail the run (non-zero exit, after the table is printed).
const failures: string[] = [];
if (wants('ledger')) {
  for (const r of await benchLedger({ durationMs: seconds * 1000 })) {
    rows.push({
      measure: `ledger: transfers/s, ${r.scenario}, 20 workers`,
      ours: r.oursPerSecond.toFixed(0),
      anchor: `${r.baselinePerSecond.toFixed(0)} (one-call SQL baseline)`,
      ratio: r.ratio.toFixed(2),
      goal: r.scenario.startsWith('50') ? '≥ 1.00' : '≥ 1.50',
      notes: `${r.itemsPerCall.toFixed(1)} phases per call; PostgreSQL CPU per transfer ${r.oursCpuMs.toFixed(2)} ms (baseline ${r.baselineCpuMs.toFixed(2)} ms)${r.oursFailed > 0 ? `; ${r.oursFailed} refused` : ''}`,
    });
  }
}

// Through HTTP is compared with the ledger-direct rate of the same run (issue 13).
let baselinePerSecond: number | undefined;
const ledgerRow = rows.find((r) => String(r.measure).includes('50 accounts'));
if (ledgerRow) baselinePerSecond = Number(ledgerRow.ours);

if (wants('http')) {
  const http = await benchHttpTransfers(seconds * 1000);
  const vsBaseline = (perSecond: number) =>
    baselinePerSecond ? (perSecond / baselinePerSecond).toFixed(2) : 'run with ledger';
  rows.push({
    measure: 'HTTP: complete transfers/s (initiate + code + verify), 32 conns, PostgreSQL',
    ours: http.peak.perSecond.toFixed(0),
    anchor: baselinePerSecond ? `${baselinePerSecond.toFixed(0)} (ledger-direct, 50 accounts)` : '—',
    ratio: vsBaseline(http.peak.perSecond),
    goal: '≥ 0.50',
    notes: `p50 ${http.peak.p50.toFixed(1)} ms, p99 ${http.peak.p99.toFixed(1)} ms per request; ${http.peak.errors} errors`,
  });
  rows.push({
    measure: 'HTTP: p99 per request at 70 % of the peak rate',
    ours: `${http.steady.p99.toFixed(1)} ms`,
    anchor: `${http.steady.perSecond.toFixed(0)} transfers/s`,
    ratio: '',
    goal: '≤ 50 ms',
    notes: `p50 ${http.steady.p50.toFixed(1)} ms; ${http.steady.errors} errors`,
  });
  rows.push({
    measure: 'HTTP: complete transfers/s on PGlite (embedded), same load',
    ours: http.pglite.perSecond.toFixed(0),
    anchor: `${http.peak.perSecond.toFixed(0)} (PostgreSQL)`,
    ratio: (http.pglite.perSecond / http.peak.perSecond).toFixed(2),
    goal: '≥ 0.40, 0 errors',
    notes: `${http.pglite.errors} errors; p99 ${http.pglite.p99.toFixed(1)} ms`,
  });
  for (const [path, read] of Object.entries(http.reads)) {
    rows.push({
      measure: `read: GET ${path}, 64 conns`,
      ours: `${read.perSecond.toFixed(0)} req/s`,
      anchor: '',
      ratio: '',
      goal: 'report',
      notes: `p99 ${read.p99} ms; ${read.errors} errors`,
    });
  }
}

if (wants('frontend')) {
  const frontend = await benchFrontendBudget();
  rows.push(...frontend.rows);
  failures.push(...frontend.failures);
}
if (wants('lighthouse')) rows.push(...(await benchLighthouse()));
if (wants('repeat')) rows.push(...(await benchRepeatVisit()));
if (wants('restart')) {
  const restart = await benchRestart();
  rows.push(...restart.rows);
  failures.push(...restart.failures);
}

console.table(rows);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(
  new URL(`./results/bench-${stamp}.json`, import.meta.url),
  JSON.stringify({ seconds, rows }, null, 2),
);
writeFileSync(
  new URL('./results/latest.json', import.meta.url),
  JSON.stringify({ seconds, at: new Date().toISOString(), rows }, null, 2),
);
if (failures.length > 0) {
  console.error(`\nBudget exceeded:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
}

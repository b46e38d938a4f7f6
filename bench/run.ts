import { mkdirSync, writeFileSync } from 'node:fs';
import { benchLedger } from './ledger-bench.ts';

// `npm run bench`: every figure of docs/performance.md in one run, printed as one table and
// written to bench/results/. This machine is shared and noisy: read the ratios, not the absolutes.
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const only = process.env.BENCH_ONLY?.split(',');
const wants = (section: string) => !only || only.includes(section);

const rows: Record<string, string | number>[] = [];
if (wants('ledger')) {
  for (const r of await benchLedger({ durationMs: seconds * 1000 })) {
    rows.push({
      measure: `ledger: transfers/s, ${r.scenario}, 20 workers`,
      ours: r.oursPerSecond.toFixed(0),
      anchor: `${r.baselinePerSecond.toFixed(0)} (one-call SQL baseline)`,
      ratio: r.ratio.toFixed(2),
      goal: r.scenario.startsWith('50') ? '≥ 1.20' : '≥ 1.50',
      notes: r.oursFailed > 0 ? `${r.oursFailed} refused` : '',
    });
  }
}

console.table(rows);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
writeFileSync(new URL(`./results/bench-${stamp}.json`, import.meta.url), JSON.stringify({ seconds, rows }, null, 2));
writeFileSync(new URL('./results/latest.json', import.meta.url), JSON.stringify({ seconds, at: new Date().toISOString(), rows }, null, 2));

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { exitIfMissing, missingChromium } from '../scripts/prerequisites.mjs';
import { launchChromium } from './chromium.ts';
import { buildWebApp } from './web-build.ts';
import { createConfirmedUser, logInForCookie, startWebServer } from './web-server.ts';

// A diagnostic, not a measure: loads one page signed in, at 360 px with the CPU slowed 4× (as
// Lighthouse's mobile run), records a CPU profile from the navigation until the network is quiet,
// and prints where the main thread's time went, by function of our sources (source maps). One
// sampled run is noisy (a function's share moved from 20 to 140 ms between runs): run it several
// times and trust only what every run shows; Lighthouse's figures judge a change.
// BENCH_SOURCEMAP=1 node --import tsx bench/profile-page.ts /home [out.cpuprofile]

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

const path = process.argv[2] ?? '/home';
const out = process.argv[3];
exitIfMissing('bench/profile-page.ts', [missingChromium()]);
const server = await startWebServer();
const dist = await buildWebApp();
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const user = await createConfirmedUser(server.url);
  const cookie = await logInForCookie(server.url, user);
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: server.url }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.url + path);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  if (out) writeFileSync(out, JSON.stringify(profile));
  report(profile, dist);
} finally {
  await browser.close();
  await server.stop();
}

function report(profile: Profile, dist: string): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const maps = new Map<string, TraceMap | null>();
  const where = (frame: Node['callFrame']): string => {
    const file = frame.url.split('/assets/')[1];
    if (!file) return `${frame.functionName || '(anon)'} ${frame.url || ''}`.trim();
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(join(dist, 'assets', `${file}.map`), 'utf8')));
      } catch {
        maps.set(file, null);
      }
    }
    const map = maps.get(file);
    const pos = map && originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!pos?.source) return `${frame.functionName || '(anon)'} ${file}`;
    return `${pos.name ?? frame.functionName ?? '(anon)'} ${pos.source.replace(/^.*node_modules\//, 'npm:').replace(/^(\.\.\/)+/, '')}:${pos.line}`;
  };
  const totals = new Map<string, number>();
  const bySource = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const name = where(node.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + us);
    const source = name.split(' ')[1]?.split(':')[0] ?? '?';
    const group = source.startsWith('npm:') ? source.split('/').slice(0, 2).join('/') : source;
    bySource.set(group, (bySource.get(group) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`);
  console.log('self time by function (4× slower CPU):');
  console.log(top(totals, 40).join('\n'));
  console.log('\nself time by file or package:');
  console.log(top(bySource, 30).join('\n'));
}

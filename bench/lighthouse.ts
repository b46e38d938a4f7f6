import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createConfirmedUser, logInForCookie, startWebServer } from './web-server.ts';

// §5 goals of a mobile Lighthouse run (median of 5 per page).
export const LCP_GOAL_MS = 2000;
export const TBT_GOAL_MS = 150;
export const CLS_GOAL = 0.05;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export type PageFigures = { path: string; lcpMs: number[]; tbtMs: number[]; cls: number[] };

/**
 * Lighthouse's mobile defaults — a Moto G Power's screen, Slow 4G (150 ms, 1.6 Mbps) and a 4×
 * slower CPU, simulated (Lantern) from one real load — on the landing, the login and the home of a
 * signed-in person. Lighthouse clears the service worker, Cache Storage and the HTTP cache before
 * every run (a first visit each time), but keeps cookies: the home's session is the refresh cookie
 * of a real login, put in the browser before its runs; the app trades it for a new one on every
 * load, as on a phone.
 */
export async function runLighthouse(): Promise<PageFigures[]> {
  const server = await startWebServer();
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const figures: PageFigures[] = [];
    const audit = async (path: string) => {
      const page: PageFigures = { path, lcpMs: [], tbtMs: [], cls: [] };
      for (let run = 0; run < RUNS; run += 1) {
        const audits = await lighthouseRun(`${server.url}${path}`, chrome.port);
        page.lcpMs.push(audits.lcpMs);
        page.tbtMs.push(audits.tbtMs);
        page.cls.push(audits.cls);
      }
      figures.push(page);
    };
    await audit('/');
    await audit('/login');
    await signIn(server.url, chrome.port);
    await audit('/home');
    return figures;
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/**
 * One Lighthouse run; a run that Lighthouse itself reports as broken (a trace it could not record,
 * which a loaded machine sometimes causes) is run again, up to twice.
 */
async function lighthouseRun(
  url: string,
  port: number,
): Promise<{ lcpMs: number; tbtMs: number; cls: number }> {
  let problem = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const audits = result?.lhr.audits;
    const lcpMs = audits?.['largest-contentful-paint']?.numericValue;
    const tbtMs = audits?.['total-blocking-time']?.numericValue;
    const cls = audits?.['cumulative-layout-shift']?.numericValue;
    const finalPath = new URL(result?.lhr.finalDisplayedUrl ?? url).pathname;
    if (finalPath !== new URL(url).pathname)
      throw new Error(`lighthouse ${url}: the page went to ${finalPath}`);
    if (lcpMs !== undefined && tbtMs !== undefined && cls !== undefined) return { lcpMs, tbtMs, cls };
    problem = result?.lhr.runtimeError?.message ?? 'no metrics';
  }
  throw new Error(`lighthouse ${url}: ${problem}`);
}

/** Puts a new session's refresh cookie (httpOnly, so no page script could) in the browser. */
async function signIn(url: string, port: number): Promise<void> {
  const user = await createConfirmedUser(url);
  const cookie = await logInForCookie(url, user);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await browser.setCookie({
      name: cookie.name,
      value: cookie.value,
      domain: new URL(url).hostname,
      path: cookie.path,
      httpOnly: true,
      sameSite: 'Strict',
    });
  } finally {
    await browser.disconnect();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The bench section: LCP, TBT and CLS of each page, medians against the goals. */
export async function benchLighthouse(): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for (const page of await runLighthouse()) {
    const metrics = [
      {
        name: 'LCP',
        values: page.lcpMs,
        goal: LCP_GOAL_MS,
        show: (v: number) => `${(v / 1000).toFixed(2)} s`,
      },
      { name: 'TBT', values: page.tbtMs, goal: TBT_GOAL_MS, show: (v: number) => `${v.toFixed(0)} ms` },
      { name: 'CLS', values: page.cls, goal: CLS_GOAL, show: (v: number) => v.toFixed(3) },
    ];
    for (const metric of metrics) {
      const value = median(metric.values);
      rows.push({
        measure: `lighthouse mobile ${page.path}: ${metric.name}, median of ${metric.values.length}`,
        ours: metric.show(value),
        anchor: `goal ${metric.show(metric.goal)}`,
        ratio: metric.goal > 0 ? (value / metric.goal).toFixed(2) : '',
        goal: '≤ 1.00',
        notes: `${value > metric.goal ? 'MISSED; ' : ''}runs ${metric.values.map(metric.show).join(', ')}`,
      });
    }
  }
  return rows;
}

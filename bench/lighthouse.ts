import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from './chromium.ts';
import { buildReferencePage, buildWebApp } from './web-build.ts';
import { createConfirmedUser, logInForCookie, startWebServer } from './web-server.ts';

// The goals of a mobile Lighthouse run (median of 5 per page): the prerendered public pages
// paint sooner than the signed-in home, whose balance waits for its code and its data.
export type PageGoals = { lcpMs: number; tbtMs: number; cls: number };
const PUBLIC_PAGE_GOALS: PageGoals = { lcpMs: 1500, tbtMs: 100, cls: 0.05 };
const HOME_GOALS: PageGoals = { lcpMs: 2000, tbtMs: 150, cls: 0.05 };
export function goalsFor(path: string): PageGoals {
  return path === '/home' ? HOME_GOALS : PUBLIC_PAGE_GOALS;
}
// A page's TBT stays within this of the reference page's, in the same run.
export const TBT_OVER_REFERENCE_GOAL_MS = 150;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
// A folder to keep every run's Lighthouse report in (JSON), to read the tasks behind a figure.
const KEEP_REPORTS = process.env.BENCH_LIGHTHOUSE_KEEP;
const REFERENCE_PATH = '/reference/index.html';

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

/** The main-thread groups a page's own code makes work in (Lighthouse's task groups). */
const MAIN_THREAD_GROUPS = {
  scriptEvaluation: 'script evaluation',
  scriptParseCompile: 'parse/compile',
  styleLayout: 'style/layout',
} as const;
type MainThreadGroup = keyof typeof MAIN_THREAD_GROUPS;

export type LongTask = { url: string; durationMs: number };

/** One Lighthouse run's figures (simulated: Slow 4G, 4× CPU). */
export type RunFigures = {
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Script evaluation + parse/compile + style/layout, summed. */
  mainThreadMs: number;
  byGroup: Record<MainThreadGroup, number>;
  /** The three longest top-level tasks (≥ 50 ms, Lighthouse's `long-tasks`), longest first. */
  longTasks: LongTask[];
};

/** A page's runs, each beside the reference page's run of the same round. */
export type PageFigures = { path: string; runs: RunFigures[]; reference: RunFigures[] };

/**
 * Lighthouse's mobile defaults — a Moto G Power's screen, Slow 4G (150 ms, 1.6 Mbps) and a 4×
 * slower CPU, simulated (Lantern) from one real load — on the landing, the login and the home of a
 * signed-in person, and on the reference page (React drawing one heading, built with the app's own
 * Vite configuration, served by the same server). Each round runs the reference, then each page:
 * the machine is shared, and a page compared with the reference of its own round leaves out most of
 * what the other processes did to both. Lighthouse clears the service worker, Cache Storage and the
 * HTTP cache before every run (a first visit each time), but keeps cookies: the home's session is
 * the refresh cookie of a real login, put in the browser before its rounds (the landing and the
 * login run before it, without one); the app trades it for a new one on every load, as on a phone.
 */
export async function runLighthouse(): Promise<PageFigures[]> {
  // Before the build and the server: without a browser there is nothing to measure.
  const chromePath = chromiumExecutable();
  // The reference is built beside the app before the server starts: it serves the files it finds.
  await buildReferencePage(await buildWebApp());
  const server = await startWebServer();
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const rounds = async (paths: string[]): Promise<PageFigures[]> => {
      const pages = paths.map((path): PageFigures => ({ path, runs: [], reference: [] }));
      for (let run = 0; run < RUNS; run += 1) {
        const reference = await lighthouseRun(server.url, REFERENCE_PATH, chrome.port, `reference-${run}`);
        for (const page of pages) {
          page.reference.push(reference);
          page.runs.push(await lighthouseRun(server.url, page.path, chrome.port, `${page.path}-${run}`));
        }
      }
      return pages;
    };
    const signedOut = await rounds(['/', '/login']);
    await signIn(server.url, chrome.port);
    const signedIn = await rounds(['/home']);
    return [...signedOut, ...signedIn];
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/**
 * One Lighthouse run; a run that Lighthouse itself reports as broken (a trace it could not record,
 * which a loaded machine sometimes causes) is run again, up to twice.
 */
async function lighthouseRun(base: string, path: string, port: number, label: string): Promise<RunFigures> {
  const url = `${base}${path}`;
  let problem = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result?.lhr;
    const audits = lhr?.audits;
    const lcpMs = audits?.['largest-contentful-paint']?.numericValue;
    const tbtMs = audits?.['total-blocking-time']?.numericValue;
    const cls = audits?.['cumulative-layout-shift']?.numericValue;
    const finalPath = new URL(lhr?.finalDisplayedUrl ?? url).pathname;
    if (finalPath !== path) throw new Error(`lighthouse ${url}: the page went to ${finalPath}`);
    if (audits && lcpMs !== undefined && tbtMs !== undefined && cls !== undefined) {
      if (KEEP_REPORTS) keepReport(label, lhr);
      const byGroup = mainThreadByGroup(audits['mainthread-work-breakdown']?.details);
      const mainThreadMs = Object.values(byGroup).reduce((sum, ms) => sum + ms, 0);
      return {
        lcpMs,
        tbtMs,
        cls,
        mainThreadMs,
        byGroup,
        longTasks: longestTasks(audits['long-tasks']?.details),
      };
    }
    problem = lhr?.runtimeError?.message ?? 'no metrics';
  }
  throw new Error(`lighthouse ${url}: ${problem}`);
}

/** An audit's details, read only for its table rows. */
function itemsOf(details: unknown): unknown[] {
  const items = (details as { items?: unknown } | undefined)?.items;
  return Array.isArray(items) ? items : [];
}

/** `mainthread-work-breakdown`'s items: one per task group, in ms of the simulated (4×) CPU. */
function mainThreadByGroup(details: unknown): Record<MainThreadGroup, number> {
  const byGroup: Record<MainThreadGroup, number> = {
    scriptEvaluation: 0,
    scriptParseCompile: 0,
    styleLayout: 0,
  };
  for (const item of itemsOf(details) as { group?: string; duration?: number }[]) {
    if (item.group && item.group in byGroup) byGroup[item.group as MainThreadGroup] += item.duration ?? 0;
  }
  return byGroup;
}

/** `long-tasks`'s items (already longest first, simulated durations), the script as its path. */
function longestTasks(details: unknown): LongTask[] {
  return (itemsOf(details) as { url?: string; duration?: number }[]).slice(0, 3).map((item) => ({
    url: scriptName(item.url ?? ''),
    durationMs: item.duration ?? 0,
  }));
}

function scriptName(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url; // 'Unattributable', 'Browser', 'Browser GC'
  }
}

function keepReport(label: string, lhr: unknown): void {
  const dir = KEEP_REPORTS ?? '';
  mkdirSync(dir, { recursive: true });
  const name = `${label.replace(/[^\w-]+/g, '_')}-${Date.now()}.json`;
  writeFileSync(`${dir}/${name}`, JSON.stringify(lhr));
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const millis = (ms: number) => `${ms.toFixed(0)} ms`;
const signed = (show: (v: number) => string) => (v: number) => `${v < 0 ? '−' : '+'}${show(Math.abs(v))}`;

/** The run whose TBT is the page's median: its tasks are the ones the table names. */
function medianRun(runs: RunFigures[]): RunFigures | undefined {
  const target = median(runs.map((run) => run.tbtMs));
  return [...runs].sort((a, b) => Math.abs(a.tbtMs - target) - Math.abs(b.tbtMs - target))[0];
}

function describeTasks(run: RunFigures | undefined): string {
  if (!run || run.longTasks.length === 0) return 'no task of 50 ms or more';
  return run.longTasks.map((task) => `${millis(task.durationMs)} ${task.url}`).join('; ');
}

function describeGroups(runs: RunFigures[]): string {
  return (Object.keys(MAIN_THREAD_GROUPS) as MainThreadGroup[])
    .map((group) => `${MAIN_THREAD_GROUPS[group]} ${millis(median(runs.map((run) => run.byGroup[group])))}`)
    .join(', ');
}

/**
 * The bench section: per page, LCP, TBT and CLS (medians against the goals), each beside the
 * reference page's median of the same rounds and the median of the per-round differences; the
 * main-thread time and the three longest tasks of the median run. Then the reference itself.
 */
export async function benchLighthouse(): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  const pages = await runLighthouse();
  for (const page of pages) {
    const n = page.runs.length;
    const goals = goalsFor(page.path);
    const metrics = [
      { name: 'LCP', of: (r: RunFigures) => r.lcpMs, goal: goals.lcpMs, overGoal: undefined, show: seconds },
      {
        name: 'TBT',
        of: (r: RunFigures) => r.tbtMs,
        goal: goals.tbtMs,
        overGoal: TBT_OVER_REFERENCE_GOAL_MS,
        show: millis,
      },
    ];
    for (const metric of metrics) {
      const values = page.runs.map(metric.of);
      const value = median(values);
      const reference = median(page.reference.map(metric.of));
      const over = median(page.runs.map((run, i) => metric.of(run) - metric.of(page.reference[i] ?? run)));
      const missed = value > metric.goal || (metric.overGoal !== undefined && over > metric.overGoal);
      const overGoal = metric.overGoal === undefined ? '' : ` (goal ≤ +${metric.show(metric.overGoal)})`;
      rows.push({
        measure: `lighthouse mobile ${page.path}: ${metric.name}, median of ${n}`,
        ours: metric.show(value),
        anchor: `goal ${metric.show(metric.goal)}; reference ${metric.show(reference)}`,
        ratio: (value / metric.goal).toFixed(2),
        goal: '≤ 1.00',
        notes: `${missed ? 'MISSED; ' : ''}${signed(metric.show)(over)} over the reference${overGoal}; runs ${values.map(metric.show).join(', ')}`,
      });
    }
    const cls = page.runs.map((run) => run.cls);
    rows.push({
      measure: `lighthouse mobile ${page.path}: CLS, median of ${n}`,
      ours: median(cls).toFixed(3),
      anchor: `goal ${goals.cls.toFixed(3)}`,
      ratio: (median(cls) / goals.cls).toFixed(2),
      goal: '≤ 1.00',
      notes: `${median(cls) > goals.cls ? 'MISSED; ' : ''}runs ${cls.map((v) => v.toFixed(3)).join(', ')}`,
    });
    rows.push(mainThreadRow(page.path, page.runs, page.reference));
  }
  // The reference's own figures, over every round of the run.
  const referenceRuns = pages
    .flatMap((page) => page.reference)
    .filter((run, i, all) => all.indexOf(run) === i);
  rows.push({
    measure: `lighthouse mobile reference (one heading): LCP / TBT, median of ${referenceRuns.length}`,
    ours: `${seconds(median(referenceRuns.map((r) => r.lcpMs)))} / ${millis(median(referenceRuns.map((r) => r.tbtMs)))}`,
    anchor: '',
    ratio: '',
    goal: 'report',
    notes: `LCP runs ${referenceRuns.map((r) => seconds(r.lcpMs)).join(', ')}; TBT runs ${referenceRuns.map((r) => millis(r.tbtMs)).join(', ')}`,
  });
  rows.push(mainThreadRow('reference', referenceRuns, undefined));
  return rows;
}

function mainThreadRow(path: string, runs: RunFigures[], reference: RunFigures[] | undefined) {
  const value = median(runs.map((run) => run.mainThreadMs));
  const referenceValue = reference ? median(reference.map((run) => run.mainThreadMs)) : undefined;
  return {
    measure: `lighthouse mobile ${path}: main thread (script + parse/compile + style/layout), median of ${runs.length}`,
    ours: millis(value),
    anchor: referenceValue === undefined ? '' : `reference ${millis(referenceValue)}`,
    ratio: referenceValue ? (value / referenceValue).toFixed(2) : '',
    goal: 'report',
    notes: `${describeGroups(runs)}; longest tasks (median-TBT run): ${describeTasks(medianRun(runs))}`,
  };
}

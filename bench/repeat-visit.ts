import type { Browser, Page } from '@playwright/test';
import { chromiumExecutable, launchChromium } from './chromium.ts';
import { printBreakdown } from './h2-breakdown.ts';
import { createConfirmedUser, latestOutboxText, startWebServer, type WebUser } from './web-server.ts';
import {
  type Bytes,
  benchCertificateSpki,
  startHttp1Proxy,
  startHttp2TlsProxy,
  type WireProxy,
} from './wire-proxies.ts';

// A whole transfer on a repeat visit costs ≤ 10 KB on the wire.
export const REPEAT_TRANSFER_GOAL_BYTES = 10_000;

export type RepeatVisitFigures = { firstVisit: Bytes; repeatTransfer: Bytes };

// The bench compiles without the DOM types; this is what it reads in the page.
type BrowserGlobals = { navigator: { serviceWorker: { controller: object | null } } };

/**
 * First visit: the login page, a login, the home (the service worker installs and keeps the app
 * shell). Repeat visit, in a new tab of the same browser: the home, then a whole transfer through
 * the wizard (recipient, amount, the WhatsApp code, the success screen) and back to the home with
 * the new balance. The code is read from the development outbox, as the payer reads WhatsApp. The
 * browser reaches the server only through `proxy`, which counts the bytes.
 */
async function measure(browser: Browser, serverUrl: string, proxy: WireProxy): Promise<RepeatVisitFigures> {
  const [payer, payee] = [await createConfirmedUser(serverUrl), await createConfirmedUser(serverUrl)];
  const context = await browser.newContext({
    baseURL: proxy.url,
    viewport: { width: 360, height: 740 },
  });
  try {
    proxy.reset();
    const first = await context.newPage();
    await logIn(first, payer);
    // A function, not a string: the app's CSP forbids eval.
    await first.waitForFunction(
      () => (globalThis as unknown as BrowserGlobals).navigator.serviceWorker.controller,
      undefined,
      { timeout: 30_000 },
    );
    await first.close();
    const firstVisit = proxy.counted();

    proxy.reset();
    const page = await context.newPage();
    await page.goto('/home');
    await page.getByTestId('balance').filter({ hasText: '₭ 100,00' }).waitFor();
    await transfer(page, serverUrl, payer, payee);
    await page.getByRole('link', { name: 'Retounen lakay' }).click();
    await page.getByTestId('balance').filter({ hasText: '₭ 87,50' }).waitFor();
    return { firstVisit, repeatTransfer: proxy.counted() };
  } finally {
    await context.close();
  }
}

async function logIn(page: Page, user: WebUser) {
  await page.goto('/login');
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte' }).click();
  await page.waitForURL('**/home');
  await page.getByTestId('balance').filter({ hasText: '₭' }).waitFor();
}

async function transfer(page: Page, serverUrl: string, payer: WebUser, payee: WebUser) {
  await page.getByRole('link', { name: 'Nouvo peman' }).click();
  await page.getByLabel('Imèl moun k ap resevwa a').fill(payee.email);
  await page.getByRole('button', { name: 'Chèche' }).click();
  await page.getByRole('button', { name: 'Wi, se li' }).click();
  await page.getByLabel('Montan an ₭').fill('12,50');
  await page.getByRole('button', { name: 'Konfime' }).click();
  await page.getByRole('button', { name: 'Antre kòd la' }).click();
  const message = await latestOutboxText(serverUrl, payer.phone, /\*\d{6}\*/);
  const code = /\*(\d{6})\*/.exec(message)?.[1] ?? '';
  await page.getByLabel('Kòd WhatsApp la').fill(code);
  await page.getByRole('button', { name: 'Verifye' }).click();
  await page.getByRole('heading', { name: 'Transfè a fèt!' }).waitFor();
}

/**
 * The same journey twice: over HTTPS with HTTP/2, as a phone reaches the app in production (a
 * service worker needs HTTPS; the TLS terminator speaks HTTP/2), and over plain HTTP/1.1 as the
 * Node server itself speaks, where every request repeats its headers in full.
 */
export async function benchRepeatVisit(): Promise<Record<string, string>[]> {
  // Before the server: without a browser there is nothing to measure.
  chromiumExecutable();
  const server = await startWebServer();
  const browser = await launchChromium([`--ignore-certificate-errors-spki-list=${benchCertificateSpki()}`]);
  const target = new URL(server.url);
  const rows: Record<string, string>[] = [];
  try {
    const transports = [
      ['HTTPS + HTTP/2', startHttp2TlsProxy],
      ['HTTP/1.1, no TLS', startHttp1Proxy],
    ] as const;
    // BENCH_REPEAT_H2_ONLY=1: the HTTP/2 measure alone, while working on it (half the time).
    for (const [label, start] of process.env.BENCH_REPEAT_H2_ONLY ? transports.slice(0, 1) : transports) {
      const proxy = await start(target);
      try {
        const { firstVisit, repeatTransfer } = await measure(browser, server.url, proxy);
        if (process.env.BENCH_DEBUG_BYTES && proxy.byRequest) console.table([...proxy.byRequest]);
        if (process.env.BENCH_DEBUG_BYTES && proxy.connections) printBreakdown(proxy.connections());
        rows.push(row(label, firstVisit, repeatTransfer));
      } finally {
        await proxy.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return rows;
}

function row(label: string, firstVisit: Bytes, repeatTransfer: Bytes): Record<string, string> {
  const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const total = repeatTransfer.down + repeatTransfer.up;
  return {
    measure: `repeat visit: a whole transfer (home → wizard → code → home), ${label}, both ways`,
    ours: kB(total),
    anchor: `first visit (login + home + app shell): ${kB(firstVisit.down + firstVisit.up)}`,
    ratio: (total / REPEAT_TRANSFER_GOAL_BYTES).toFixed(2),
    goal: '≤ 10.0 kB',
    notes: `${total > REPEAT_TRANSFER_GOAL_BYTES ? 'MISSED; ' : ''}down ${kB(repeatTransfer.down)}, up ${kB(repeatTransfer.up)}`,
  };
}

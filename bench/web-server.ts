import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { type StartedServer, startServer } from '../e2e/tests/support/own-server.ts';
import { buildWebApp } from './web-build.ts';

export type WebServer = StartedServer;

/**
 * The real server (development mode, for the outbox that carries the codes) on a free port, a
 * fresh embedded database, and the bench's own production build of the web app — started as the
 * e2e journeys start theirs. Stopped (and its data removed) by `stop()`, or at once if it does not
 * come up.
 */
export async function startWebServer(): Promise<WebServer> {
  const webDist = await buildWebApp();
  const scratch = mkdtempSync(join(tmpdir(), 'kreyolcash-bench-data-'));
  return startServer({ scratch, webDist, env: { RATE_LIMIT_MULTIPLIER: '1000' } });
}

export type WebUser = { email: string; password: string; phone: string };

let created = 0;

/** A person signed up (multipart, real photos) and confirmed through the API, as the app would. */
export async function createConfirmedUser(url: string): Promise<WebUser> {
  created += 1;
  const tag = `${Date.now() % 10_000_000}${String(created).padStart(3, '0')}`.slice(-10).padStart(10, '2');
  const user = {
    email: `perf${tag}@example.ht`,
    password: 'Perf-Bench-Password-1',
    phone: `+5094${tag.slice(-7)}`,
  };
  const form = new FormData();
  const fields = {
    nome_completo: `Perf Bench ${created}`,
    documento: tag,
    email: user.email,
    telefone: user.phone,
    data_nascimento: '1990-01-01',
    sexo: 'F',
    password: user.password,
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const photo = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
  form.append('document_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'doc.jpg');
  form.append('profile_photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', body: form });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const mail = await latestOutboxText(url, user.email, /token=/);
  const token = /token=([\w-]+)/.exec(mail)?.[1];
  const confirm = await postJson(`${url}/api/auth/confirm-email`, { token });
  if (confirm.status !== 200) throw new Error(`confirmation failed: ${confirm.status}`);
  await provePhone(url, user);
  return user;
}

/** Proves the sign-up phone with the code from the development outbox, so the
 * measured screens are the app's, not the phone-proof screen. */
async function provePhone(url: string, user: WebUser): Promise<void> {
  const login = await postJson(`${url}/api/auth/login`, { email: user.email, password: user.password });
  const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  const sent = await postJson(`${url}/api/me/phone-proof`, {}, auth);
  if (sent.status !== 202) throw new Error(`phone proof failed: ${sent.status}`);
  const codigo = /\*(\d{6})\*/.exec(await latestOutboxText(url, user.phone, /\*\d{6}\*/))?.[1];
  const proven = await postJson(`${url}/api/me/phone-proof/verify`, { codigo }, auth);
  if (proven.status !== 200) throw new Error(`phone proof failed: ${proven.status}`);
}

/** The refresh cookie of a new session (name, value and path, as its Set-Cookie gave them). */
export async function logInForCookie(
  url: string,
  user: WebUser,
): Promise<{ name: string; value: string; path: string }> {
  const login = await postJson(`${url}/api/auth/login`, { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  // The login also sets the device cookie (trusted-device.ts): take the refresh one by its name.
  const setCookie = login.headers.getSetCookie().find((cookie) => cookie.startsWith('kc_refresh=')) ?? '';
  if (!setCookie) throw new Error('login set no kc_refresh cookie');
  const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim());
  const [name = '', value = ''] = pair.split('=');
  const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
  return { name, value, path };
}

/** The text of the newest outbox message to `recipient` that matches, waiting for it to be queued. */
export async function latestOutboxText(url: string, recipient: string, pattern = /./): Promise<string> {
  const query = new URLSearchParams({ recipient, limit: '5' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const answer = (await (await fetch(`${url}/api/dev/outbox?${query}`)).json()) as {
      items: { text: string }[];
    };
    const text = answer.items.find((item) => pattern.test(item.text))?.text;
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no outbox message to ${recipient} matching ${pattern}`);
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

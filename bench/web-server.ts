import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ServerProcess } from '../apps/server/chaos/harness/server-process.ts';
import { buildWebApp } from './web-build.ts';

export type WebServer = { url: string; stop: () => Promise<void> };

/**
 * The real server (development mode, for the outbox that carries the codes) on a free port, a
 * fresh embedded database, and the bench's own production build of the web app.
 */
export async function startWebServer(): Promise<WebServer> {
  const distDir = await buildWebApp();
  const dataDir = mkdtempSync(join(tmpdir(), 'kreyolcash-bench-data-'));
  const server = await ServerProcess.start({ WEB_DIST_DIR: distDir, DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
  return user;
}

/** The refresh cookie of a new session (name, value and attributes, as Set-Cookie gave them). */
export async function logInForCookie(
  url: string,
  user: WebUser,
): Promise<{ name: string; value: string; path: string }> {
  const login = await postJson(`${url}/api/auth/login`, { email: user.email, password: user.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const setCookie = login.headers.get('set-cookie') ?? '';
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

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, type TestInfo } from '@playwright/test';
import { pngFile } from '../../../apps/server/src/test-support/png.ts';

// Real (tiny) images: the server reads them by their bytes and re-encodes them with sharp.
const JPEG_BASE64 =
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCAAgADADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAUG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AmwDbpQAAAAAAAAAD/9k=';
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAIAAAD8GO2jAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAO0lEQVR4nGO4JGBCU8QwaoHAaBCZjKaiS6MZzWS0qLg0WpoKjFY4l0arTIHRVoXJaMNLYLTpaDKoW9cAj1dYPYJEn/kAAAAASUVORK5CYII=';

export const documentPhoto = {
  name: 'nif-kat.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from(JPEG_BASE64, 'base64'),
};
export const profilePhoto = {
  name: 'foto-pwofil.png',
  mimeType: 'image/png',
  buffer: Buffer.from(PNG_BASE64, 'base64'),
};

export type TestUser = {
  fullName: string;
  firstName: string;
  nif: string;
  email: string;
  phone: string;
  birthDate: string;
  password: string;
};

function digits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

/** A new person with a NIF, e-mail and phone nobody else has. */
export function newUser(firstName = 'Marie'): TestUser {
  const id = `${Date.now().toString(36)}${digits(4)}`;
  return {
    fullName: `${firstName} Jean-Baptiste`,
    firstName,
    nif: `${randomInt(1, 10)}${digits(9)}`,
    email: `${firstName.toLowerCase()}.${id}@example.com`,
    phone: `+5093${digits(7)}`,
    birthDate: '1990-05-01',
    password: `Lakay-${digits(6)}-Solid`,
  };
}

type OutboxMessage = { recipient: string; purpose: string; text: string; channel: string };

/** The newest outbox message to `recipient` for `purpose`, waiting for it to be queued. */
export async function latestMessage(
  request: APIRequestContext,
  recipient: string,
  purpose: string,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const answer = await request.get('/api/dev/outbox?limit=200');
      const { items } = (await answer.json()) as { items: OutboxMessage[] };
      found = items.find((message) => message.recipient === recipient && message.purpose === purpose);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no ${purpose} message to ${recipient}`);
  return found;
}

/** The headers of an API call made as `user`, signed in with their password. */
export async function bearerHeaders(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password'>,
): Promise<Record<string, string>> {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
}

export function linkIn(text: string): string {
  const url = /https?:\/\/\S+/.exec(text)?.[0];
  if (!url) throw new Error(`no link in: ${text}`);
  return url;
}

/**
 * Signs up through the API (multipart, real photos); confirms the e-mail and proves the phone
 * (only a proven phone sends, buys or invites) unless told not to.
 */
export async function createUser(
  request: APIRequestContext,
  {
    confirmed = true,
    phoneProven = confirmed,
    user = newUser(),
  }: { confirmed?: boolean; phoneProven?: boolean; user?: TestUser } = {},
): Promise<TestUser> {
  const signup = await request.post('/api/auth/signup', {
    multipart: {
      nome_completo: user.fullName,
      documento: user.nif,
      email: user.email,
      telefone: user.phone,
      data_nascimento: user.birthDate,
      sexo: 'F',
      password: user.password,
      document_photo: documentPhoto,
      profile_photo: profilePhoto,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  if (confirmed) {
    const mail = await latestMessage(request, user.email, 'email_confirmation');
    const token = new URL(linkIn(mail.text)).hash.replace('#token=', '');
    const confirm = await request.post('/api/auth/confirm-email', { data: { token } });
    expect(confirm.status()).toBe(200);
  }
  if (phoneProven) await provePhone(request, user);
  return user;
}

/** The 6-digit code of a WhatsApp message (written as *123456*). */
export function codeOf(text: string): string {
  const code = /\*(\d{6})\*/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
}

/** A transfer posted through the API with the code the payer reads on WhatsApp; its movement id. */
export async function payThroughApi(
  request: APIRequestContext,
  payer: TestUser,
  payee: TestUser,
  centis: number,
): Promise<string> {
  const login = await request.post('/api/auth/login', {
    data: { email: payer.email, password: payer.password },
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const held = await request.post('/api/transfers', {
    headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
    data: { destinatario_email: payee.email, quantidade_centis: centis },
  });
  expect(held.status(), await held.text()).toBe(201);
  const id = ((await held.json()) as { movimentacao_id: string }).movimentacao_id;
  const message = await latestMessage(request, payer.phone, 'transfer_code');
  const posted = await request.post(`/api/transfers/${id}/verify`, {
    headers,
    data: { codigo: codeOf(message.text) },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  return id;
}

/**
 * Proves the sign-up phone through the API with the code the development outbox holds, as its
 * owner would read it on WhatsApp; an account already proven is left as it is.
 */
export async function provePhone(
  request: APIRequestContext,
  user: Pick<TestUser, 'email' | 'password' | 'phone'>,
) {
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`,
  };
  const state = await request.get('/api/me/phone-proof', { headers });
  if (((await state.json()) as { telefone_verificado: boolean }).telefone_verificado) return;
  const sent = await request.post('/api/me/phone-proof', { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(202);
  const message = await latestMessage(request, user.phone, 'phone_proof_code');
  const proven = await request.post('/api/me/phone-proof/verify', {
    headers,
    data: { codigo: codeOf(message.text) },
  });
  expect(proven.status(), await proven.text()).toBe(200);
}

/** Logs in through the login page and waits for the wallet. */
export async function logIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Imèl').fill(user.email);
  await page.getByLabel('Modpas', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Konekte' }).click();
  await expect(page).toHaveURL('/home');
}

/**
 * A real PNG as large as a phone camera's photo: a gradient stored without compression, so that
 * width × height × 3 bytes travel (2000 × 1200 ≈ 7.2 MB, above the 5 MB limit).
 */
export function largePng(width = 2000, height = 1200): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = Math.floor((x / width) * 255);
      row[2 + x * 3] = Math.floor((y / height) * 255);
      row[3 + x * 3] = 160;
    }
    rows.push(row);
  }
  return pngFile({ width, height, bitDepth: 8, colourType: 2, rows: Buffer.concat(rows), level: 0 });
}

/**
 * The camera photo of largePng as a file in the test's output folder, for `setInputFiles(path)`:
 * the browser then reads it from the disk as a phone's file picker would. Handed over as a buffer,
 * its 7 MB would travel to the page as base64 through the DevTools protocol and be decoded there
 * by script — 3 s on a quiet machine, over 10 s on a busy one, all of it test overhead.
 */
export function largePngFile(testInfo: TestInfo, name = 'kamera.png'): string {
  const path = testInfo.outputPath(name);
  writeFileSync(path, largePng());
  return path;
}

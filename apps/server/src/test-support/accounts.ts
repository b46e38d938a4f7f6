import sharp from 'sharp';
import { EMAIL_CONFIRMATION_TTL_MS } from '../features/account/email-links.service.ts';
import { insertEmailToken } from '../features/account/email-tokens.repository.ts';
import { hashToken, randomToken } from '../lib/secure-tokens.ts';
import { linkParamIn, MESSAGE_CONTENT } from './outbox-messages.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Lakay-2024!';

let sequence = 0;

/** A valid person for the sign-up form; each call gives unique NIF, e-mail and phone. */
export function newPerson(overrides: Record<string, string> = {}) {
  sequence += 1;
  const n = String(Date.now() % 1_000_000).padStart(6, '0') + String(sequence).padStart(4, '0');
  return {
    nome_completo: `Marie Jean ${sequence}`,
    documento: n.slice(-10),
    email: `marie${n}@example.ht`,
    telefone: `+5093${n.slice(-7)}`,
    data_nascimento: '1990-05-17',
    sexo: 'F',
    password: TEST_PASSWORD,
    ...overrides,
  };
}

export async function testJpeg(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .jpeg()
    .toBuffer();
}

export async function testPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ce1126' } })
    .png()
    .toBuffer();
}

export async function signupForm(
  fields: Record<string, string>,
  photos: { document_photo?: Buffer | null; profile_photo?: Buffer | null } = {},
): Promise<FormData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const documentPhoto = photos.document_photo === undefined ? await testJpeg() : photos.document_photo;
  const profilePhoto = photos.profile_photo === undefined ? await testPng() : photos.profile_photo;
  if (documentPhoto) form.append('document_photo', new Blob([documentPhoto]), 'nif.jpg');
  if (profilePhoto) form.append('profile_photo', new Blob([profilePhoto]), 'me.png');
  return form;
}

// Each sign-up comes from its own loopback address, so the per-IP sign-up limit does not get in
// the way of tests that are not about it.
export async function postSignup(t: TestApp, form: FormData, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form, remoteAddress });
}

let addressSequence = 0;
export function nextAddress(): string {
  addressSequence += 1;
  return `127.${(addressSequence >> 16) & 255}.${(addressSequence >> 8) & 255}.${addressSequence & 255 || 1}`;
}

/** The token of the newest link e-mailed to this address, read from the outbox as a user would. */
export async function latestEmailLinkToken(t: TestApp, email: string, param = 'token'): Promise<string> {
  const row = await t.database.db
    .selectFrom('outbox_messages')
    .select(MESSAGE_CONTENT)
    .where('recipient', '=', email)
    .where('channel', '=', 'email')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const value = linkParamIn(row, param);
  if (!value) throw new Error(`no ${param} in the e-mail to ${email}`);
  return value;
}

export type SignedInUser = { id: string; email: string; accessToken: string; refreshCookie: string };

/**
 * Signs a new person up, confirms the e-mail through the link, and logs in. The phone is proven
 * (written straight to the database, before the confirmation, as if its code had been entered)
 * unless `phoneProven: false`: the phone proof has its own tests.
 */
export async function createConfirmedUser(
  t: TestApp,
  overrides: Record<string, string> = {},
  options: { phoneProven?: boolean } = {},
): Promise<SignedInUser> {
  const person = newPerson(overrides);
  const signup = await postSignup(t, await signupForm(person));
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  if (options.phoneProven !== false) {
    await t.database.db
      .updateTable('usuarios')
      .set({ telefone_verificado_em: new Date() })
      .where('email', '=', person.email.toLowerCase())
      .execute();
  }
  const token = await latestEmailLinkToken(t, person.email);
  await t.app.inject({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
  return logIn(t, person.email, person.password);
}

export async function logIn(t: TestApp, email: string, password: string): Promise<SignedInUser> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const body = res.json();
  return {
    id: body.user.id,
    email,
    accessToken: body.access_token,
    refreshCookie: refreshCookieOf(res.headers['set-cookie']),
  };
}

export function refreshCookieOf(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = cookies.find((c) => c.startsWith('kc_refresh='));
  return found ? (found.split(';')[0] ?? '') : '';
}

export const bearer = (user: { accessToken: string }) => ({ authorization: `Bearer ${user.accessToken}` });

/**
 * A second valid confirmation link for the same person, as if an earlier e-mail were still in
 * their inbox (asking again through the API ends the earlier links).
 */
export async function extraConfirmationToken(t: TestApp, userId: string): Promise<string> {
  const token = randomToken();
  await t.database.db.transaction().execute((trx) =>
    insertEmailToken(trx, {
      userId,
      tokenHash: hashToken(token),
      purpose: 'email_confirmation',
      ttlMs: EMAIL_CONFIRMATION_TTL_MS,
    }),
  );
  return token;
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

// A device cookie (OWASP's "device cookies" against lockout): after a correct password, the browser
// keeps a signed note "this device signed in to <e-mail>". A later login for that e-mail from that
// browser is limited on its own counter, so guesses from strangers — however many addresses they
// use — never lock the owner's device out. The note opens nothing: it only changes which counter a
// login attempt uses, and it cannot be made for an e-mail without that e-mail's password.
//
// Value: `<device id>~<expiry>.<mac>~…`, one entry per account signed in on this device (a family
// may share one phone), newest first; mac = HMAC(device id, expiry, e-mail). No e-mail is in it.
export const DEVICE_COOKIE = 'kc_device';
const COOKIE_PATH = '/api/auth/login';
export const DEVICE_TRUST_MS = 90 * 24 * 60 * 60 * 1000;
const MAX_ACCOUNTS = 5;
const MAC_CHARS = 22; // 128 bits

type Entry = { expiresAt: number; mac: string };
type DeviceCookie = { deviceId: string; entries: Entry[] };

/** The device's id when its cookie vouches for a recent sign-in to this e-mail, else undefined. */
export function trustedDeviceFor(request: FastifyRequest, secret: string, email: string): string | undefined {
  const cookie = parse(request.cookies[DEVICE_COOKIE]);
  if (!cookie) return undefined;
  const now = Date.now();
  const vouched = cookie.entries.some(
    (e) => e.expiresAt > now && sameMac(e.mac, macOf(secret, cookie.deviceId, e.expiresAt, email)),
  );
  return vouched ? cookie.deviceId : undefined;
}

/** After a correct password: this device is trusted for this e-mail for DEVICE_TRUST_MS more. */
export function rememberDevice(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  email: string,
): void {
  const now = Date.now();
  const old = parse(request.cookies[DEVICE_COOKIE]);
  const deviceId = old?.deviceId ?? randomBytes(16).toString('base64url');
  const others = (old?.entries ?? []).filter((e) => {
    if (e.expiresAt <= now) return false;
    // The entry of this e-mail is replaced by the fresh one.
    return !sameMac(e.mac, macOf(config.jwtSecret, deviceId, e.expiresAt, email));
  });
  const expiresAt = now + DEVICE_TRUST_MS;
  const fresh = { expiresAt, mac: macOf(config.jwtSecret, deviceId, expiresAt, email) };
  const entries = [fresh, ...others].slice(0, MAX_ACCOUNTS);
  const value = [deviceId, ...entries.map((e) => `${e.expiresAt.toString(36)}.${e.mac}`)].join('~');
  reply.setCookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isProduction,
    path: COOKIE_PATH,
    maxAge: Math.floor(DEVICE_TRUST_MS / 1000),
  });
}

function parse(value: string | undefined): DeviceCookie | undefined {
  if (!value || value.length > 512) return undefined;
  const [deviceId, ...rest] = value.split('~');
  if (!deviceId || !/^[A-Za-z0-9_-]{22}$/.test(deviceId)) return undefined;
  const entries: Entry[] = [];
  for (const part of rest.slice(0, MAX_ACCOUNTS)) {
    const [expiry = '', mac = ''] = part.split('.');
    const expiresAt = Number.parseInt(expiry, 36);
    if (Number.isSafeInteger(expiresAt) && mac.length === MAC_CHARS) entries.push({ expiresAt, mac });
  }
  return { deviceId, entries };
}

function macOf(secret: string, deviceId: string, expiresAt: number, email: string): string {
  return createHmac('sha256', secret)
    .update(`kc_device\n${deviceId}\n${expiresAt}\n${email.toLowerCase()}`)
    .digest('base64url')
    .slice(0, MAC_CHARS);
}

function sameMac(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

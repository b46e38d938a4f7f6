import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

// A device cookie (OWASP's "device cookies" against lockout): after a correct sign-in, the browser
// keeps a signed note "this device signed in to <e-mail>". A later sign-in for that e-mail from that
// browser is limited on its own counter, so guesses from strangers — however many addresses they
// use — never lock the owner's device out. The note opens nothing: it only changes which counter a
// sign-in attempt uses, and it cannot be made for an e-mail without that e-mail's password.
//
// Value: `<device id>~<expiry>.<mac>~…`, one entry per account signed in on this device (a family
// may share one phone), newest first; mac = HMAC(purpose, device id, expiry, e-mail). No e-mail is
// in it. The purpose is the cookie's name, so an app user's note never vouches at the back office.
export const DEVICE_TRUST_MS = 90 * 24 * 60 * 60 * 1000;
const MAX_ACCOUNTS = 5;
const MAC_CHARS = 22; // 128 bits

type Entry = { expiresAt: number; mac: string };
type DeviceCookie = { deviceId: string; entries: Entry[] };

export type DeviceTrust = {
  cookie: string;
  /** The device's id when its cookie vouches for a recent sign-in to this e-mail, else undefined. */
  trustedDeviceFor(request: FastifyRequest, secret: string, email: string): string | undefined;
  /** After a correct sign-in: this device is trusted for this e-mail for DEVICE_TRUST_MS more. */
  rememberDevice(reply: FastifyReply, request: FastifyRequest, config: Config, email: string): void;
};

/** Device notes in a cookie of this name, sent only to the sign-in at `path`. */
export function deviceTrust(cookie: string, path: string): DeviceTrust {
  const macOf = (secret: string, deviceId: string, expiresAt: number, email: string) =>
    createHmac('sha256', secret)
      .update(`${cookie}\n${deviceId}\n${expiresAt}\n${email.toLowerCase()}`)
      .digest('base64url')
      .slice(0, MAC_CHARS);

  return {
    cookie,
    trustedDeviceFor(request, secret, email) {
      const note = parse(request.cookies[cookie]);
      if (!note) return undefined;
      const now = Date.now();
      const vouched = note.entries.some(
        (e) => e.expiresAt > now && sameMac(e.mac, macOf(secret, note.deviceId, e.expiresAt, email)),
      );
      return vouched ? note.deviceId : undefined;
    },
    rememberDevice(reply, request, config, email) {
      const now = Date.now();
      const old = parse(request.cookies[cookie]);
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
      reply.setCookie(cookie, value, {
        httpOnly: true,
        sameSite: 'strict',
        secure: config.isProduction,
        path,
        maxAge: Math.floor(DEVICE_TRUST_MS / 1000),
      });
    },
  };
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

function sameMac(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

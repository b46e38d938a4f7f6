import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../app-deps.ts';
import { assertWithinLimit, type RateRule } from './rate-limit.ts';

const MINUTE_MS = 60_000;

// Abuse limits per action: one rule per key kind (`ip:…`, `email:…`, `user:…`), checked in the
// order given: a key past its limit stops the request before the later keys are counted. Generous
// enough for a family sharing one phone or a cybercafé sharing one IP; tight enough to stop guessing.
const RULES = {
  // A login counts against its address, its account from that address, and — only from a device
  // that has not signed in to the account before — the account's shared allowance, which a guesser
  // spread over many addresses exhausts for such devices only. A device that has signed in to the
  // account counts on its own (see lib/device-trust.ts): strangers never lock it out.
  login: {
    ip: { limit: 50, windowMs: 15 * MINUTE_MS },
    'account-ip': { limit: 10, windowMs: 15 * MINUTE_MS },
    account: { limit: 50, windowMs: 60 * MINUTE_MS },
    device: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
  signup: { ip: { limit: 10, windowMs: 60 * MINUTE_MS } },
  nif: { ip: { limit: 60, windowMs: 10 * MINUTE_MS } },
  email: { ip: { limit: 20, windowMs: 60 * MINUTE_MS }, email: { limit: 5, windowMs: 60 * MINUTE_MS } },
  confirm: { ip: { limit: 30, windowMs: 15 * MINUTE_MS } },
  lookup: { user: { limit: 30, windowMs: 10 * MINUTE_MS } },
  // Each start sends a code to the user's phone and names who holds the new number.
  phone: { user: { limit: 5, windowMs: 15 * MINUTE_MS } },
  // WhatsApp invitations to friends.
  referral: { user: { limit: 20, windowMs: 24 * 60 * MINUTE_MS } },
  // Help requests to support: a few a day is a conversation, more is noise in the queue.
  helpRequest: { user: { limit: 10, windowMs: 24 * 60 * MINUTE_MS } },
  // The public "who invited me" of a sign-up link: enough to open links, not to walk the codes.
  inviter: { ip: { limit: 30, windowMs: 10 * MINUTE_MS } },
  // Back-office sign-in: the same design as the app's login (few people, each with a password and
  // an authenticator code): a device that signed in to the operator's account counts on its own.
  operatorLogin: {
    ip: { limit: 20, windowMs: 15 * MINUTE_MS },
    'account-ip': { limit: 10, windowMs: 15 * MINUTE_MS },
    account: { limit: 50, windowMs: 60 * MINUTE_MS },
    device: { limit: 10, windowMs: 15 * MINUTE_MS },
  },
} satisfies Record<string, Partial<Record<string, RateRule>>>;

export type RateAction = keyof typeof RULES;

/** Counts this request against every given key (`kind:value`) of the action; throws 429 past a limit. */
export async function limitBy(
  app: AppInstance,
  _request: FastifyRequest,
  action: RateAction,
  keys: string[],
): Promise<void> {
  const rules: Partial<Record<string, RateRule>> = RULES[action];
  for (const key of keys) {
    const kind = key.slice(0, key.indexOf(':'));
    const rule = rules[kind];
    if (!rule) continue;
    const scaled = { ...rule, limit: Math.ceil(rule.limit * app.deps.config.rateLimitMultiplier) };
    await assertWithinLimit(app.deps.rateLimiter, `${action}:${key.toLowerCase()}`, scaled);
  }
}

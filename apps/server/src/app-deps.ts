import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadRouting } from './db/read-routing.ts';
import type { LedgerEvents } from './events/ledger-events.ts';
import type { IdentityHooks } from './identity/hooks.ts';
import type { LedgerObserver } from './ledger/ledger.ts';
import type { RateLimiter } from './lib/rate-limit.ts';
import type { FileStore } from './uploads/file-store.ts';

/**
 * What every feature is given: the kernel's services, made once by app.ts (the composition root)
 * and reached as `app.deps`. Features type themselves against this module, never against app.ts,
 * so that no feature depends on the list of the others.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  files: FileStore;
  rateLimiter: RateLimiter;
  events: LedgerEvents;
  ledgerObserver: LedgerObserver;
  /** Where statement and history reads run: the standby when it has the client's writes, else the primary. */
  reads: ReadRouting;
  /** What other features add, inside the same transaction, when an account is made or proves a contact. */
  identityHooks: IdentityHooks;
  /** draining: shutting down, so readiness answers 503 (main.ts sets it on SIGTERM). */
  lifecycle: { draining: boolean };
};

/** The app as its route plugins see it: Fastify with zod schemas for types. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

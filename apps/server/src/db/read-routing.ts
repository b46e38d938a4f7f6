import { AppError } from '@kreyolcash/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

// Statement and history reads may run on a streaming standby (DATABASE_READ_URL); nothing that
// decides about money, locks, limits or sessions ever does. A user must still see what they just
// did, and the API processes share no memory, so the primary's WAL position after a user's write
// travels with the user: a cookie, read back on their next reads. The standby serves such a read
// only once it has replayed up to that position, inside the same read-only transaction as the
// read itself; otherwise (behind, away, promoted, failing) the read goes to the primary.
// A forged cookie can only send its bearer's own reads to the primary.

export const READ_AFTER_COOKIE = 'kc_read_after';
const COOKIE_PATH = '/api';
// Long enough for any lag a standby should still serve reads through; the cookie is moot as soon
// as the standby has replayed it, so a long life costs nothing.
const COOKIE_MAX_AGE_SECONDS = 15 * 60;
// After a standby fails to answer, reads skip it for a while rather than each waiting for it.
const STANDBY_AWAY_MS = 5000;
const LSN_PATTERN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;
const NOTHING_WRITTEN = '0/0';
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// behind: the standby has not replayed the client's last write; standby_away: skipped, as it was
// unreachable moments ago; standby_failed: it cancelled the read (a conflict with replay).
type PrimaryReason = 'behind' | 'not_in_recovery' | 'standby_unreachable' | 'standby_away' | 'standby_failed';
/** Where a routed read ran, and why. */
export type ReadRoute =
  | { server: 'standby'; reason: 'caught_up' }
  | { server: 'primary'; reason: PrimaryReason };

export type ReadObserver = (route: ReadRoute) => void;

export type ReadRouting = {
  /**
   * Runs a user-facing read (statement, history) for `request`'s client: on the standby when there
   * is one and it has replayed this client's last write, else on the primary. `read` may run twice
   * (on the standby, then on the primary if the standby fails mid-read): it must not write.
   */
  read<T>(request: FastifyRequest, read: (db: Kysely<DB>) => Promise<T>): Promise<T>;
};

export function createReadRouting(
  database: Pick<Database, 'db' | 'standby'>,
  observe: ReadObserver = () => {},
): ReadRouting {
  const { db: primary, standby } = database;
  let awayUntil = 0;

  async function onStandby<T>(
    standbyDb: Kysely<DB>,
    mustHave: string,
    read: (db: Kysely<DB>) => Promise<T>,
  ): Promise<{ value: T } | { reason: PrimaryReason }> {
    if (Date.now() < awayUntil) return { reason: 'standby_away' };
    let isReading = false;
    try {
      // One read-only transaction: the check and the read see the same server and snapshot, even
      // through a pooler, so a read that passed the check cannot run on a less advanced standby.
      return await standbyDb
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          const state = await standbyState(trx, mustHave);
          if (!state.in_recovery) return { reason: 'not_in_recovery' as const };
          if (!state.caught_up) return { reason: 'behind' as const };
          isReading = true;
          return { value: await read(trx) };
        });
    } catch (error) {
      // A refusal (not the caller's movement…) is the answer, wherever it was read.
      if (error instanceof AppError) throw error;
      // The primary answers instead; users see nothing, the metrics do. A standby that cannot even
      // be asked is left alone for a while, so reads do not each wait for its timeout; one that
      // cancelled a read (a conflict with replay) is asked again next time.
      if (isReading) return { reason: 'standby_failed' };
      awayUntil = Date.now() + STANDBY_AWAY_MS;
      return { reason: 'standby_unreachable' };
    }
  }

  return {
    async read(request, read) {
      if (!standby) return read(primary);
      const outcome = await onStandby(standby, writtenPositionOf(request) ?? NOTHING_WRITTEN, read);
      if ('value' in outcome) {
        observe({ server: 'standby', reason: 'caught_up' });
        return outcome.value;
      }
      observe({ server: 'primary', reason: outcome.reason });
      return read(primary);
    },
  };
}

// pg_last_wal_replay_lsn() is null outside recovery: a promoted standby (or a primary given by
// mistake) is never taken for a caught-up standby, since it may have left the primary's history.
async function standbyState(db: Kysely<DB>, mustHave: string) {
  const { rows } = await sql<{ in_recovery: boolean; caught_up: boolean }>`
    select pg_is_in_recovery() as in_recovery,
           coalesce(pg_last_wal_replay_lsn() >= ${mustHave}::pg_lsn, false) as caught_up`.execute(db);
  const state = rows[0];
  if (!state) throw new Error('the standby gave no state');
  return state;
}

function writtenPositionOf(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[READ_AFTER_COOKIE];
  return value && LSN_PATTERN.test(value) ? value : undefined;
}

/**
 * After each write, hands the client the primary's WAL position in a cookie, so that its next
 * reads wait for a standby that has it (or go to the primary). Every write a client may then look
 * for is covered: a signed-in user's writes whatever their outcome (a refused code attempt also
 * changes what the statement shows), and any successful one (sign-up, login). A request refused
 * by the rate limit reached no handler and costs no query. Nothing happens without a standby.
 */
export function registerReadYourWrites(
  app: FastifyInstance,
  options: { database: Pick<Database, 'db' | 'standby'>; secureCookies: boolean },
): void {
  const { db, standby } = options.database;
  if (!standby) return;
  app.addHook('onSend', async (request, reply, payload) => {
    if (!wroteForClient(request, reply)) return payload;
    const position = await primaryPosition(db).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not read the primary WAL position');
      return undefined;
    });
    if (position) {
      reply.setCookie(READ_AFTER_COOKIE, position, {
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secureCookies,
        path: COOKIE_PATH,
        maxAge: COOKIE_MAX_AGE_SECONDS,
      });
    }
    return payload;
  });
}

function wroteForClient(request: FastifyRequest, reply: FastifyReply): boolean {
  if (READ_METHODS.has(request.method)) return false;
  const status = reply.statusCode;
  if (status === 429) return false;
  return status < 300 || (request.auth !== undefined && status < 500);
}

// Read after the handler's transactions committed. With synchronous_commit on (PostgreSQL's default,
// which a wallet keeps), a commit returns only once its record is written, so the write position is
// at or past every commit of the request.
async function primaryPosition(db: Kysely<DB>): Promise<string | undefined> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(db);
  return rows[0]?.lsn;
}

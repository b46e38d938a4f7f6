import { AppError } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { codeForMovement, seedUser } from '../test-support/ledger-fixtures.ts';
import { type PgStandby, startStandby } from '../test-support/pg-standby.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { sendMoney, startTransfer } from '../test-support/transfers.ts';
import { READ_AFTER_COOKIE } from './read-routing.ts';

const OPS_TOKEN = 'ops-token-for-the-tests-0123456789abcdef';

// Statement reads on a real streaming standby of the test server (DATABASE_READ_URL): a user sees
// their own movement at once, whichever server answers, and the standby serves everything else.
describe.runIf(testDatabaseKind === 'postgres')('statement reads from a streaming standby', () => {
  let standby: PgStandby | undefined;
  let unavailable = '';
  let t: TestApp;

  beforeAll(async () => {
    const made = await startStandby(process.env.TEST_DATABASE_URL ?? '');
    if ('unavailable' in made) {
      unavailable = made.unavailable;
      console.warn(`read-routing tests skipped: ${unavailable}`);
      return;
    }
    standby = made;
    t = await createTestApp({ OPS_TOKEN }, { readUrlFor: (url) => made.urlFor(url) });
  });
  afterAll(async () => {
    await t?.close();
    await standby?.stop();
  });
  afterEach(async () => {
    await standby?.resumeReplay();
  });

  /** The standby, with everything written so far replayed (the skip reason otherwise). */
  async function caughtUpStandby(context: TestContext): Promise<PgStandby> {
    if (!standby) return context.skip(unavailable);
    await standby.waitForReplay(await primaryPosition());
    return standby;
  }

  async function primaryPosition(): Promise<string> {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(
      t.database.db,
    );
    return rows[0]?.lsn ?? '';
  }

  async function routedReads(): Promise<Record<string, number>> {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const counts: Record<string, number> = {};
    for (const match of res.body.matchAll(
      /^kreyolcash_db_routed_reads_total\{server="(\w+)",reason="(\w+)"\} (\d+)$/gm,
    ))
      counts[`${match[1]}/${match[2]}`] = Number(match[3]);
    return counts;
  }

  /** What `read` answered, and which server answered it (the routed-read counters that moved). */
  async function routed<T>(read: () => Promise<T>): Promise<{ value: T; servedBy: Record<string, number> }> {
    const before = await routedReads();
    const value = await read();
    const after = await routedReads();
    const servedBy = Object.fromEntries(
      Object.entries(after)
        .map(([key, count]) => [key, count - (before[key] ?? 0)] as const)
        .filter(([, delta]) => delta !== 0),
    );
    return { value, servedBy };
  }

  const statementIds = async (user: { accessToken: string }, readAfter?: string) => {
    const res = await t.app.inject({
      url: '/api/wallet/transactions',
      headers: { authorization: `Bearer ${user.accessToken}` },
      ...(readAfter ? { cookies: { [READ_AFTER_COOKIE]: readAfter } } : {}),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: string; status: string }[]).map((item) => item.id);
  };

  it('serves a read from the standby when the client wrote nothing it has not replayed', async (context) => {
    await caughtUpStandby(context);
    const payer = await seedUser(t);
    const payee = await seedUser(t);
    const earlier = await sendMoney(t, payer, payee, 300);
    await caughtUpStandby(context);
    const read = await routed(() => statementIds(payer));
    expect(read.servedBy).toEqual({ 'standby/caught_up': 1 });
    expect(read.value).toContain(earlier);
  });

  it('shows the payer their just-posted transfer from the primary while the standby is behind, then from the standby once it has replayed it', async (context) => {
    const replica = await caughtUpStandby(context);
    const payer = await seedUser(t);
    const payee = await seedUser(t);
    const earlier = await sendMoney(t, payer, payee, 200);
    await caughtUpStandby(context);
    await replica.pauseReplay();

    const movementId = await startTransfer(t, payer, payee, 500);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/transfers/${movementId}/verify`,
      headers: { authorization: `Bearer ${payer.accessToken}` },
      payload: { codigo: await codeForMovement(t, movementId) },
    });
    expect(verified.statusCode).toBe(200);
    const cookie = verified.cookies.find((c) => c.name === READ_AFTER_COOKIE);
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict' });
    const readAfter = cookie?.value ?? '';

    // With the cookie the browser keeps: the standby is behind it, so the primary answers.
    const own = await routed(() => statementIds(payer, readAfter));
    expect(own.servedBy).toEqual({ 'primary/behind': 1 });
    expect(own.value).toEqual(expect.arrayContaining([movementId, earlier]));
    const detail = await t.app.inject({
      url: `/api/wallet/transactions/${movementId}`,
      headers: { authorization: `Bearer ${payer.accessToken}` },
      cookies: { [READ_AFTER_COOKIE]: readAfter },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: movementId, status: 'concluida', pode_reclamar: true });

    // Without it (another device, or the payee, who wrote nothing) the paused standby answers as it is.
    const elsewhere = await routed(() => statementIds(payer));
    expect(elsewhere.servedBy).toEqual({ 'standby/caught_up': 1 });
    expect(elsewhere.value).toContain(earlier);
    expect(elsewhere.value).not.toContain(movementId);
    expect(await statementIds(payee)).not.toContain(movementId);

    await replica.resumeReplay();
    await replica.waitForReplay(readAfter);
    const replayed = await routed(() => statementIds(payer, readAfter));
    expect(replayed.servedBy).toEqual({ 'standby/caught_up': 1 });
    expect(replayed.value).toContain(movementId);
    expect(await statementIds(payee)).toContain(movementId);
  });

  it('takes a malformed cookie for none, and a forged far-ahead one only sends its own reads to the primary', async (context) => {
    await caughtUpStandby(context);
    const user = await seedUser(t);
    await caughtUpStandby(context);
    expect((await routed(() => statementIds(user, "0/0'; select 1"))).servedBy).toEqual({
      'standby/caught_up': 1,
    });
    expect((await routed(() => statementIds(user, 'FFFFFFFF/FFFFFFFF'))).servedBy).toEqual({
      'primary/behind': 1,
    });
  });

  it('answers a refusal met on the standby as it is, without reading again on the primary', async (context) => {
    await caughtUpStandby(context);
    let reads = 0;
    const refused = t.app.deps.reads.read(fakeClient(), async (db) => {
      reads += 1;
      await sql`select 1`.execute(db);
      throw new AppError('transaction_not_found');
    });
    await expect(refused).rejects.toThrow(AppError);
    expect(reads).toBe(1);
  });
});

const fakeClient = () => ({ cookies: {} }) as unknown as FastifyRequest;

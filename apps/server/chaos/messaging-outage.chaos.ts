import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, codeForMovement } from '../src/test-support/ledger-fixtures.ts';
import { transferNotices } from '../src/test-support/notices.ts';
import { MESSAGE_CONTENT, textOf } from '../src/test-support/outbox-messages.ts';
import { seededRandom, seedFrom } from '../src/test-support/seeded-random.ts';
import { TestSmtpServer } from '../src/test-support/smtp-server.ts';
import { serverDatabaseEnv } from '../src/test-support/test-database.ts';
import { TestWhatsAppGateway } from '../src/test-support/whatsapp-gateway.ts';
import { type Bank, openBank } from './harness/bank-setup.ts';
import { runBankWorkload } from './harness/bank-workload.ts';
import { printFigures, scaled } from './harness/figures.ts';
import { ServerProcess } from './harness/server-process.ts';

// The WhatsApp gateway and the SMTP server go down while people send money: money must move
// as usual, and every message must arrive once they are back, none twice.
describe('messaging outage', () => {
  let bank: Bank;
  let server: ServerProcess;
  const gateway = new TestWhatsAppGateway();
  const smtp = new TestSmtpServer();
  beforeAll(async () => {
    bank = await openBank(10);
    const gatewayUrl = await gateway.start();
    const smtpUrl = await smtp.start();
    server = await ServerProcess.start({
      ...serverDatabaseEnv(bank.database),
      WHATSAPP_GATEWAY_URL: gatewayUrl,
      SMTP_URL: smtpUrl,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await gateway.stop();
    await smtp.stop();
    await bank?.database.close();
  });

  const pendingMessages = async () =>
    Number(
      (
        await bank.database.db
          .selectFrom('outbox_messages')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('status', '!=', 'sent')
          .executeTakeFirstOrThrow()
      ).n,
    );

  // Every posted transfer's two "done" notices are queued, from its ledger lines, by the server's
  // outbox worker.
  const allTold = async () => {
    const { owed, queued } = await transferNotices(bank.database.db);
    return owed === queued;
  };

  it('moves money during the outage and delivers every message once afterwards', async () => {
    const seed = seedFrom('CHAOS_SEED');
    await gateway.stop();
    await smtp.stop();
    const { counts } = await runBankWorkload({
      baseUrls: [server.url],
      users: bank.users,
      clients: 6,
      uniformMs: scaled(4_000),
      hotMs: 500,
      rand: seededRandom(seed),
      codeFor: (id) => codeForMovement(bank.host, id),
    });
    const forgot = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bank.users[0]?.email }),
    });
    const queuedDuringOutage = await pendingMessages();
    const deliveredDuringOutage = gateway.delivered().length + smtp.received.length;

    await gateway.start();
    await smtp.start();
    const backAt = Date.now();
    while (((await pendingMessages()) > 0 || !(await allTold())) && Date.now() - backAt < 90_000)
      await new Promise((r) => setTimeout(r, 500));
    const drainSeconds = (Date.now() - backAt) / 1000;

    const whatsappRows = await bank.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', ...MESSAGE_CONTENT])
      .where('channel', '=', 'whatsapp')
      .execute();
    const received = gateway
      .delivered()
      .map((r) => `${r.body.jid}\n${r.body.message}`)
      .sort();
    const expected = whatsappRows.map((r) => `${r.recipient}\n${textOf(r)}`).sort();
    // Two messages may read the same (same payer, payee and amount): compare counts, not texts.
    const duplicates = received.length - expected.length;
    const check = await checkLedger(bank.database.db);
    printFigures(`messaging outage (seed ${seed})`, {
      'transfers committed during the outage': counts.committed,
      'messages queued during the outage': queuedDuringOutage,
      'delivered during the outage': deliveredDuringOutage,
      'seconds to drain after return': drainSeconds.toFixed(1),
      'whatsapp rows': whatsappRows.length,
      'whatsapp delivered': received.length,
      'e-mails delivered': smtp.received.length,
      duplicates,
      'still pending': await pendingMessages(),
      'balances ≠ movements': check.mismatchedUsers,
    });
    expect(forgot.status).toBe(202);
    expect(counts.committed).toBeGreaterThan(0);
    expect(counts.serverErrors).toBe(0);
    expect(deliveredDuringOutage).toBe(0);
    expect(await pendingMessages()).toBe(0);
    const notices = await transferNotices(bank.database.db);
    expect(notices.owed).toBeGreaterThan(0);
    expect(notices).toEqual({ owed: notices.owed, queued: notices.owed, doubled: 0 });
    expect(received).toEqual(expected);
    expect(duplicates).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(check.mismatchedUsers).toBe(0);
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, TestSmtpServer } from '../test-support/smtp-server.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { enqueue } from './outbox.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { emailConfirmationEmail } from './templates.ts';
import { type OutgoingMessage, transportsFor, whatsappGatewayTransport } from './transports.ts';

describe('SMTP transport', () => {
  const smtp = new TestSmtpServer();
  let t: TestApp;

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestApp({
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'KreyolCash <no-reply@kreyolcash.test>',
      PUBLIC_URL: 'http://kc.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('delivers the confirmation e-mail, in text and HTML, with its link', async () => {
    const url = `${t.config.publicUrl}/confirm-email#token=abc123`;
    const mail = emailConfirmationEmail({ name: 'Marie', url });
    await t.database.db.transaction().execute((trx) =>
      enqueue(trx, {
        channel: 'email',
        recipient: 'marie@example.ht',
        purpose: 'email_confirmation',
        ...mail,
      }),
    );
    const worker = new OutboxWorker({ db: t.database.db, transports: transportsFor(t.config) });
    expect(await worker.drain()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.from).toBe('no-reply@kreyolcash.test');
    expect(received?.to).toEqual(['marie@example.ht']);
    const body = decodeQuotedPrintable(received?.raw ?? '');
    expect(body).toMatch(/^Subject: Konfime imèl ou/m);
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain(`Konfime imèl mwen: ${url}`);
    expect(body).toContain(`href="${url}"`);
    const row = await t.database.db.selectFrom('outbox_messages').selectAll().executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
  });
});

describe('development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the transport when nothing is configured, and lists messages newest first', async () => {
    expect(transportsFor(t.config).whatsapp.name).toBe('dev-outbox');
    expect(transportsFor(t.config).email.name).toBe('dev-outbox');
    await t.database.db.transaction().execute(async (trx) => {
      await enqueue(trx, { channel: 'whatsapp', recipient: '+50937001111', text: 'first', purpose: 'test' });
      await enqueue(trx, { channel: 'whatsapp', recipient: '+50937001111', text: 'second', purpose: 'test' });
    });
    await new OutboxWorker({ db: t.database.db, transports: transportsFor(t.config) }).drain();
    const res = await t.app.inject('/api/dev/outbox');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { text: string; status: string }[];
    expect(items.map((m) => [m.text, m.status])).toEqual([
      ['second', 'sent'],
      ['first', 'sent'],
    ]);
  });

  it('filters by what a message is about and by recipient', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: '+50937002222',
        text: 'about A',
        purpose: 'test',
        referencia: 'ref-a',
      });
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: '+50937003333',
        text: 'about B',
        purpose: 'test',
        referencia: 'ref-b',
      });
    });
    const byReference = (await t.app.inject('/api/dev/outbox?referencia=ref-b')).json().items;
    expect(byReference.map((m: { text: string; referencia: string }) => [m.text, m.referencia])).toEqual([
      ['about B', 'ref-b'],
    ]);
    const byRecipient = (
      await t.app.inject(`/api/dev/outbox?recipient=${encodeURIComponent('+50937002222')}`)
    ).json().items;
    expect(byRecipient.map((m: { text: string }) => m.text)).toEqual(['about A']);
  });

  it("reads a phone's latest code message alone, newest first", async () => {
    const phone = '+50937005555';
    await t.database.db.transaction().execute(async (trx) => {
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: phone,
        text: 'code 1',
        purpose: 'transfer_code',
        referencia: 'm-1',
      });
    });
    // A later transaction: a message's instant is its transaction's.
    await t.database.db.transaction().execute(async (trx) => {
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: phone,
        text: 'code 2',
        purpose: 'purchase_code',
        referencia: 'm-2',
      });
      await enqueue(trx, {
        channel: 'whatsapp',
        recipient: phone,
        text: 'paid',
        purpose: 'transfer_sent',
        referencia: 'm-2',
      });
    });
    const latest = (
      await t.app.inject(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}&only=codes&limit=1`)
    ).json();
    expect(latest.items.map((m: { text: string; referencia: string }) => [m.text, m.referencia])).toEqual([
      ['code 2', 'm-2'],
    ]);
    const codes = (
      await t.app.inject(`/api/dev/outbox?recipient=${encodeURIComponent(phone)}&only=codes`)
    ).json();
    expect(codes.items.map((m: { text: string }) => m.text)).toEqual(['code 2', 'code 1']);
    const unknown = await t.app.inject('/api/dev/outbox?only=everything');
    expect(unknown.statusCode).toBe(422);
  });

  it('shows templated messages rendered in their language, and why one cannot be rendered', async () => {
    await t.database.db.transaction().execute((trx) =>
      enqueue(trx, {
        channel: 'whatsapp',
        recipient: '+50937004444',
        purpose: 'transfer_code',
        referencia: 'ref-rendered',
        template: 'transfer_code',
        params: { codigo: '482913', valor_centis: 1_250, recebedor: 'Rose', validade_min: 15 },
        idioma: 'en',
      }),
    );
    await t.database.db
      .insertInto('outbox_messages')
      .values({
        channel: 'whatsapp',
        recipient: '+50937004444',
        purpose: 'test',
        referencia: 'ref-broken',
        template: 'transfer_sent',
        params: JSON.stringify({ recebedor: 'Rose' }),
      })
      .execute();
    const [rendered] = (await t.app.inject('/api/dev/outbox?referencia=ref-rendered')).json().items;
    expect(rendered).toMatchObject({
      template: 'transfer_code',
      params: { codigo: '482913', valor_centis: 1_250, recebedor: 'Rose', validade_min: 15 },
      idioma: 'en',
      text: [
        'KreyolCash: your code to send ₭ 12,50 to Rose is *482913*.',
        'It is valid for 15 minutes.',
        'Never share this code with anyone, even if they say they work for KreyolCash.',
      ].join('\n'),
      render_error: null,
    });
    const [broken] = (await t.app.inject('/api/dev/outbox?referencia=ref-broken')).json().items;
    expect(broken).toMatchObject({ template: 'transfer_sent', idioma: 'ht', text: '' });
    expect(broken.render_error).toMatch(/^template transfer_sent: valor_centis: /);
  });
});

describe('WhatsApp gateway transport', () => {
  it('keeps the code and the phone out of its error when the gateway echoes the request', async () => {
    const server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      res
        .writeHead(502)
        .end(JSON.stringify({ error: 'upstream', request: JSON.parse(Buffer.concat(chunks).toString()) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const transport = whatsappGatewayTransport({ url, token: undefined, sendPath: '/send-message' });
    const message: OutgoingMessage = {
      channel: 'whatsapp',
      recipient: '+50937123456',
      text: 'Kòd ou: *482913*',
      subject: null,
      html: null,
    };
    try {
      const error = await transport.send(message).then(
        () => undefined,
        (e: Error) => e,
      );
      expect(error?.message).toMatch(/^gateway answered 502: /);
      expect(error?.message).not.toContain('482913');
      expect(error?.message).not.toContain('37123456');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

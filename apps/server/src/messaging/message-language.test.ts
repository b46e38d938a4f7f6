import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newPerson, postSignup, signupForm } from '../test-support/accounts.ts';
import { afterResponseSettled } from '../test-support/after-response.ts';
import { type SeededUser, seedUser } from '../test-support/ledger-fixtures.ts';
import { decodeQuotedPrintable, TestSmtpServer } from '../test-support/smtp-server.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { TestWhatsAppGateway } from '../test-support/whatsapp-gateway.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { transportsFor } from './transports.ts';

// Each person reads their messages in their own language (usuarios.idioma): the rows carry a
// template and the language, and the real worker renders them on their way to a real SMTP server
// and a real WhatsApp gateway on loopback.
describe(`messages in the recipient's language on ${testDatabaseKind}`, () => {
  const smtp = new TestSmtpServer();
  const gateway = new TestWhatsAppGateway();
  let t: TestApp;
  let worker: OutboxWorker;

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    const gatewayUrl = await gateway.start();
    t = await createTestApp({
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'KreyolCash <no-reply@kreyolcash.test>',
      WHATSAPP_GATEWAY_URL: gatewayUrl,
      PUBLIC_URL: 'http://kc.test',
    });
    worker = new OutboxWorker({ db: t.database.db, transports: transportsFor(t.config) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await gateway.stop();
  });

  const mailTo = (email: string) => {
    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails, email).toHaveLength(1);
    return decodeQuotedPrintable(mails[0]?.raw ?? '');
  };
  /** The WhatsApp messages a phone received, in order. */
  const whatsappTo = (phone: string) =>
    gateway
      .delivered()
      .filter((r) => r.body.jid === phone)
      .map((r) => r.body.message);
  const codeIn = (message: string | undefined) => /\*(\d{6})\*/.exec(message ?? '')?.[1] ?? '';

  it('e-mails a Portuguese speaker in Portuguese and a Creole speaker in Creole from sign-up on', async () => {
    const lusophone = newPerson({ idioma: 'pt-BR' });
    const creole = newPerson();
    for (const person of [lusophone, creole]) {
      expect((await postSignup(t, await signupForm(person))).statusCode).toBe(201);
    }
    const languages = await t.database.db
      .selectFrom('usuarios')
      .select(['email', 'idioma'])
      .where('email', 'in', [lusophone.email, creole.email])
      .execute();
    expect(Object.fromEntries(languages.map((u) => [u.email, u.idioma]))).toEqual({
      [lusophone.email]: 'pt-BR',
      [creole.email]: 'ht',
    });
    await worker.drain();

    const portuguese = mailTo(lusophone.email);
    expect(portuguese).toMatch(/^Subject: Confirme seu e-mail/m);
    expect(portuguese).toContain('Olá, Marie,');
    expect(portuguese).toMatch(/Confirmar meu e-mail: http:\/\/kc\.test\/confirm-email#token=[\w-]+/);
    expect(portuguese).toContain('<html lang="pt-BR">');
    expect(portuguese).not.toContain('Konfime');

    const kreyol = mailTo(creole.email);
    expect(kreyol).toMatch(/^Subject: Konfime imèl ou/m);
    expect(kreyol).toMatch(/Konfime imèl mwen: http:\/\/kc\.test\/confirm-email#token=[\w-]+/);
    expect(kreyol).toContain('<html lang="ht">');

    // The password reset follows the same language.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: lusophone.email },
    });
    expect(forgot.statusCode).toBe(202);
    await afterResponseSettled(t.app); // the link is queued after the answer
    await worker.drain();
    const reset = smtp.received
      .filter((m) => m.to.includes(lusophone.email))
      .map((m) => decodeQuotedPrintable(m.raw));
    expect(reset).toHaveLength(2);
    expect(reset[1]).toMatch(/^Subject: Troque sua senha/m);
    expect(reset[1]).toMatch(/Escolher uma nova senha: http:\/\/kc\.test\/reset-password#access_token=/);
  });

  // Sign-up answers every refused field under validation_error, each with its own key.
  it('refuses a sign-up in a language the app does not speak', async () => {
    const res = await postSignup(t, await signupForm(newPerson({ idioma: 'es' })));
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'validation_error',
      fields: { idioma: 'invalid_language' },
    });
  });

  it('sends WhatsApp codes in the language the user chose with PATCH /api/me, and Creole otherwise', async () => {
    let sequence = 0;
    const freshPhone = () =>
      `+5094${String(Date.now() % 10_000).padStart(4, '0')}${String(++sequence).padStart(3, '0')}`;
    const changePhone = (user: SeededUser, path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/me/phone-change${path}`, headers: bearer(user), payload });

    const lusophone = await seedUser(t);
    const creole = await seedUser(t);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: bearer(lusophone),
      payload: { idioma: 'pt-BR' },
    });
    expect(patched.json().idioma).toBe('pt-BR');

    const [newLusophone, newCreole] = [freshPhone(), freshPhone()];
    expect((await changePhone(lusophone, '', { novo_telefone: newLusophone })).statusCode).toBe(202);
    expect((await changePhone(creole, '', { novo_telefone: newCreole })).statusCode).toBe(202);
    await worker.drain();

    const [toCurrentPt] = whatsappTo(lusophone.telefone);
    expect(toCurrentPt).toMatch(
      /^KreyolCash: o código para confirmar que é você quem quer trocar o seu número de telefone \(etapa 1\/2\) é \*\d{6}\*\.\nEle vale por 10 minutos\.\nNunca passe este código para ninguém/,
    );
    const [toCurrentHt] = whatsappTo(creole.telefone);
    expect(toCurrentHt).toMatch(
      /^KreyolCash: kòd pou konfime se ou menm ki vle chanje nimewo telefòn ou \(etap 1\/2\) se \*\d{6}\*\.\nLi valab pou 10 minit\.\nPa janm bay pèsonn kòd sa a/,
    );

    // The whole change in Portuguese, each code read from the WhatsApp message that carried it.
    expect(
      (await changePhone(lusophone, '/verify-current', { codigo: codeIn(toCurrentPt) })).statusCode,
    ).toBe(202);
    await worker.drain();
    const [toNewPt] = whatsappTo(newLusophone);
    expect(toNewPt).toContain('para confirmar o seu novo número de telefone (etapa 2/2) é *');
    expect((await changePhone(lusophone, '/verify-new', { codigo: codeIn(toNewPt) })).statusCode).toBe(200);
    await worker.drain();
    expect(whatsappTo(lusophone.telefone)[1]).toBe(
      `KreyolCash: o número de telefone da sua conta foi trocado por um número terminado em ${newLusophone.slice(-4)}. Se não foi você, fale com o nosso suporte agora mesmo.`,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../test-support/ledger-fixtures.ts';
import { queueNotices } from '../test-support/notices.ts';
import { MESSAGE_CONTENT, textOf } from '../test-support/outbox-messages.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { sendMoney } from '../test-support/transfers.ts';
import { renderMessage } from './render.ts';
import { plainForWhatsApp, WORD_JOINER } from './whatsapp-plain.ts';

const J = WORD_JOINER;
// One word carrying every WhatsApp marker: bold, italic, strike, monospace and inline code.
const FORMATTED_WORD = '*Jan*_Pyè_~Pòl~```kòd```';

/** True when the text has a marker at a word's edge: the only place WhatsApp applies it. */
function hasLiveMarker(text: string): boolean {
  return /(^|[\s.,;:!?'"()])[*_~`]|[*_~`]($|[\s.,;:!?'"()])/m.test(text);
}

describe('typed text as plain text in WhatsApp', () => {
  it('puts a word joiner on each side of every marker, and before a line that starts like a quote or a list', () => {
    expect(plainForWhatsApp('*Jan*')).toBe(`${J}*${J}Jan${J}*${J}`);
    expect(plainForWhatsApp('```x```')).toBe(`${J}\`${J}${J}\`${J}${J}\`${J}x${J}\`${J}${J}\`${J}${J}\`${J}`);
    expect(plainForWhatsApp('> kote\n- youn\n1. de')).toBe(`${J}> kote\n${J}- youn\n${J}1. de`);
    expect(plainForWhatsApp('Marie-Ange Jean')).toBe('Marie-Ange Jean');
    // What the person sees once the joiners, which are invisible, are left out: what they typed.
    expect(plainForWhatsApp(FORMATTED_WORD).replaceAll(J, '')).toBe(FORMATTED_WORD);
    expect(hasLiveMarker(plainForWhatsApp(`${FORMATTED_WORD} _a_ *b*`))).toBe(false);
  });

  it('keeps our own formatting, links as they are, and e-mails untouched', () => {
    const code = renderMessage({
      template: 'transfer_code',
      params: { codigo: '482913', valor_centis: 1250, recebedor: FORMATTED_WORD, validade_min: 15 },
      idioma: 'ht',
    }).text;
    expect(code).toContain('*482913*');
    expect(code).toContain(plainForWhatsApp(FORMATTED_WORD));
    const link = 'https://kreyolcash.ht/signup?ref=AB_cd~9';
    const invitation = renderMessage({
      template: 'referral_invitation',
      params: {
        amigo: '_Ti_',
        convidante: '*Jak*',
        valor_centis: 1000,
        bonus_cadastro_centis: 10000,
        link,
      },
      idioma: 'fr',
    }).text;
    expect(invitation).toContain(link);
    expect(invitation).toContain(plainForWhatsApp('_Ti_'));
    const mail = renderMessage({
      template: 'email_confirmation',
      params: { nome: '*Ana*', link: 'https://kreyolcash.ht/confirm-email#token=x' },
      idioma: 'ht',
    });
    expect(mail.text).toContain('*Ana*');
    expect(mail.text).not.toContain(J);
  });
});

describe(`a name with WhatsApp formatting reaches the other person as typed, on ${testDatabaseKind}`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('in the payer’s code message (the payee’s name) and the payee’s message (the payer’s name)', async () => {
    const [payer, payee] = [await seedUser(t), await seedUser(t)];
    for (const user of [payer, payee]) {
      await t.database.db
        .updateTable('usuarios')
        .set({ nome_completo: `${FORMATTED_WORD} Baptiste` })
        .where('id', '=', user.id)
        .execute();
    }
    await sendMoney(t, payer, payee, 1250);
    await queueNotices(t.database.db);

    const messages = await t.database.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'purpose', ...MESSAGE_CONTENT])
      .where('recipient', 'in', [payer.telefone, payee.telefone])
      .where('channel', '=', 'whatsapp')
      .execute();
    const textTo = (recipient: string, purpose: string) => {
      const row = messages.find((m) => m.recipient === recipient && m.purpose === purpose);
      if (!row) throw new Error(`no ${purpose} to ${recipient}`);
      return textOf(row);
    };
    for (const text of [textTo(payer.telefone, 'transfer_code'), textTo(payee.telefone, 'transfer_done')]) {
      expect(text).toContain(plainForWhatsApp(FORMATTED_WORD));
      expect(text).not.toContain(FORMATTED_WORD);
      // Only our own bold (the code) is left for WhatsApp to apply.
      expect(hasLiveMarker(text.replace(/\*\d{6}\*/, ''))).toBe(false);
    }
  });
});

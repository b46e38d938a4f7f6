import { formatKreyol, LOCALES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { contentOf, MessageRenderError, renderMessage } from './render.ts';
import {
  emailConfirmationEmail,
  newSaleMessage,
  passwordResetEmail,
  phoneChangeCodeMessage,
  phoneChangedMessage,
  purchaseCodeMessage,
  referralBonusMessage,
  referralInvitationMessage,
  referralWelcomeMessage,
  TEMPLATES,
  type TemplateName,
  type TemplateParams,
  transferCodeMessage,
  transferReceivedMessage,
  transferSentMessage,
} from './templates.ts';

// One valid set of parameters per template, as an enqueuer (or a ledger SQL function) stores them.
const SAMPLES: { [K in TemplateName]: TemplateParams<K> } = {
  transfer_code: { codigo: '482913', valor_centis: 123_456, recebedor: 'Rose Toussaint', validade_min: 15 },
  transfer_sent: { valor_centis: 1_250, recebedor: 'Rose Toussaint' },
  transfer_received: { valor_centis: 1_250, pagador: 'Jean Pierre' },
  cash_in_code: { codigo: '271828', valor_centis: 50_000, cliente: 'Rose Toussaint', validade_min: 10 },
  cash_out_code: {
    codigo: '161803',
    valor_centis: 100_000,
    taxa_centis: 1_500,
    agente: 'Boutik Mèsidye',
    numero: 10_001,
    validade_min: 10,
  },
  cash_in_received: { valor_centis: 50_000, agente: 'Boutik Mèsidye', numero: 10_001, cotacao_bp: 1_325_000 },
  cash_in_given: { valor_centis: 50_000, cliente: 'Rose Toussaint' },
  cash_out_paid: { valor_centis: 100_000, taxa_centis: 1_500, agente: 'Boutik Mèsidye', numero: 10_001 },
  cash_out_handed: { valor_centis: 100_000, comissao_centis: 750, cliente: 'Rose Toussaint' },
  purchase_code: { codigo: '009921', produto: 'Pen ak manba', valor_centis: 500, validade_min: 15 },
  new_sale: { produto: 'Pen ak manba', quantidade: 2, valor_centis: 500, comprador: 'Marie Jean' },
  referral_invitation: {
    amigo: 'Ti Jak',
    convidante: 'Jean Pierre',
    valor_centis: 1_000,
    bonus_cadastro_centis: 10_000,
    link: 'https://kreyolcash.example/register?ref=ABCD2345',
  },
  phone_change_code: { codigo: '271828', etapa: 'atual', validade_min: 10 },
  phone_proof_code: { codigo: '314159', validade_min: 10 },
  phone_changed: { final_telefone: '1234' },
  referral_bonus: { amigo: 'Marie', valor_centis: 1_000 },
  referral_welcome: { convidante: 'Jean', valor_centis: 1_000 },
  kyc_approved: { nome: 'Marie' },
  kyc_rejected: { nome: 'Marie', motivo: 'Foto a twò flou.' },
  report_opened_payer: { valor_centis: 2_500, recebedor: 'Rose Toussaint', retido: true },
  report_opened_payee: { valor_centis: 2_500, pagador: 'Jean Pierre', retido: true },
  report_decided_payer: { valor_centis: 2_500, recebedor: 'Rose Toussaint', decisao: 'estornada' },
  report_decided_payee: { valor_centis: 2_500, pagador: 'Jean Pierre', decisao: 'rejeitada' },
  cash_complaint_opened_customer: {
    movimento: 'saque',
    valor_centis: 100_000,
    agente: 'Boutik Mèsidye',
    numero: 10_001,
  },
  cash_complaint_opened_agent: {
    movimento: 'deposito',
    valor_centis: 50_000,
    cliente: 'Rose Toussaint',
    retido: false,
  },
  cash_complaint_decided_customer: {
    movimento: 'saque',
    valor_centis: 100_000,
    agente: 'Boutik Mèsidye',
    numero: 10_001,
    decisao: 'reembolsada',
    reembolso_centis: 101_500,
  },
  cash_complaint_decided_agent: {
    movimento: 'saque',
    valor_centis: 100_000,
    cliente: 'Rose Toussaint',
    decisao: 'reembolsada',
    reembolso_centis: 101_500,
  },
  adjustment_posted: { valor_centis: 1_250, credito: true, motivo: 'Frè doub sou 3 novanm.' },
  company_moderated: { empresa: 'Boulanjri Lakay', status: 'SUSPENSA', motivo: 'Plent pou fwod.' },
  purchase_voided: { produto: 'Pen', empresa: 'Boulanjri Lakay', valor_centis: 2_500 },
  product_moderated: { produto: 'Pen', ativo: false, motivo: 'Pwodui entèdi.' },
  email_confirmation: { nome: 'Marie', link: 'http://kc.test/confirm-email#token=abc' },
  password_reset: { nome: 'Marie', link: 'http://kc.test/reset-password#access_token=a&refresh_token=b' },
  support_answer: { nome: 'Marie', resposta: 'Nou debloke kont ou apre nou fin rele w.' },
  account_frozen_by_support: { nome: 'Marie', categoria: 'fraude_suspeita' },
  account_unfrozen_by_support: { nome: 'Marie', categoria: 'identidade_confirmada' },
};
const NAMES = Object.keys(TEMPLATES) as TemplateName[];

describe('renderMessage', () => {
  it('renders every template in every language, each language its own text', () => {
    for (const template of NAMES) {
      const texts = LOCALES.map(
        (idioma) => renderMessage({ template, params: SAMPLES[template], idioma }).text,
      );
      for (const text of texts) expect(text.trim(), template).not.toBe('');
      expect(new Set(texts).size, template).toBe(LOCALES.length);
    }
  });

  it('says in Creole exactly what the Creole message functions say, amounts written by formatKreyol', () => {
    const ht = (template: TemplateName) =>
      renderMessage({ template, params: SAMPLES[template], idioma: 'ht' });
    expect(ht('transfer_code')).toEqual(
      transferCodeMessage({
        code: '482913',
        amount: '₭ 1.234,56',
        payeeName: 'Rose Toussaint',
        expiresInMinutes: 15,
      }),
    );
    expect(ht('transfer_sent')).toEqual(
      transferSentMessage({ amount: '₭ 12,50', payeeName: 'Rose Toussaint' }),
    );
    expect(ht('transfer_received')).toEqual(
      transferReceivedMessage({ amount: '₭ 12,50', payerName: 'Jean Pierre' }),
    );
    expect(ht('purchase_code')).toEqual(
      purchaseCodeMessage({
        code: '009921',
        productName: 'Pen ak manba',
        amount: '₭ 5,00',
        expiresInMinutes: 15,
      }),
    );
    expect(ht('new_sale')).toEqual(
      newSaleMessage({
        productName: 'Pen ak manba',
        quantity: '2',
        amount: '₭ 5,00',
        buyerName: 'Marie Jean',
      }),
    );
    expect(ht('referral_invitation')).toEqual(
      referralInvitationMessage({
        friendName: 'Ti Jak',
        inviterName: 'Jean Pierre',
        bonusCentis: 1_000,
        signupUrl: 'https://kreyolcash.example/register?ref=ABCD2345',
      }),
    );
    expect(ht('phone_change_code')).toEqual(
      phoneChangeCodeMessage({ code: '271828', step: 'current', expiresInMinutes: 10 }),
    );
    expect(ht('phone_changed')).toEqual(phoneChangedMessage({ newPhoneEnding: '1234' }));
    expect(ht('referral_bonus')).toEqual(referralBonusMessage({ friendName: 'Marie', bonusCentis: 1_000 }));
    expect(ht('referral_welcome')).toEqual(
      referralWelcomeMessage({ inviterName: 'Jean', bonusCentis: 1_000 }),
    );
    expect(ht('email_confirmation')).toEqual(
      emailConfirmationEmail({ name: 'Marie', url: 'http://kc.test/confirm-email#token=abc' }),
    );
    expect(ht('password_reset')).toEqual(
      passwordResetEmail({
        name: 'Marie',
        url: 'http://kc.test/reset-password#access_token=a&refresh_token=b',
      }),
    );
  });

  it('writes the Creole texts of the ledger messages word for word', () => {
    expect(
      renderMessage({ template: 'transfer_code', params: SAMPLES.transfer_code, idioma: 'ht' }).text,
    ).toBe(
      [
        'KreyolCash: kòd ou pou voye ₭ 1.234,56 bay Rose Toussaint se *482913*.',
        'Li valab pou 15 minit.',
        'Pa janm bay pèsonn kòd sa a, menm si yo di yo travay pou KreyolCash.',
      ].join('\n'),
    );
    expect(
      renderMessage({ template: 'transfer_sent', params: SAMPLES.transfer_sent, idioma: 'ht' }).text,
    ).toBe('KreyolCash: ou voye ₭ 12,50 bay Rose Toussaint. Transfè a fèt ak siksè.');
    expect(
      renderMessage({ template: 'transfer_received', params: SAMPLES.transfer_received, idioma: 'ht' }).text,
    ).toBe('KreyolCash: ou resevwa ₭ 12,50 nan men Jean Pierre.');
    expect(
      renderMessage({ template: 'purchase_code', params: SAMPLES.purchase_code, idioma: 'ht' }).text,
    ).toBe(
      [
        'KreyolCash: kòd ou pou achte "Pen ak manba" (₭ 5,00) se *009921*.',
        'Li valab pou 15 minit.',
        'Pa janm bay pèsonn kòd sa a, menm si yo di yo travay pou KreyolCash.',
      ].join('\n'),
    );
    expect(renderMessage({ template: 'new_sale', params: SAMPLES.new_sale, idioma: 'ht' }).text).toBe(
      [
        'KreyolCash: ou gen yon nouvo vant!',
        'Pwodui: Pen ak manba',
        'Kantite: 2',
        'Total: ₭ 5,00',
        'Kliyan: Marie Jean',
      ].join('\n'),
    );
  });

  it('formats integer centis with formatKreyol at render time, in every language', () => {
    for (const valor_centis of [0, 5, 99, 100, 1_250, 123_456, 100_000_000, Number.MAX_SAFE_INTEGER]) {
      for (const idioma of LOCALES) {
        const { text } = renderMessage({
          template: 'transfer_received',
          params: { valor_centis, pagador: 'Jean' },
          idioma,
        });
        expect(text).toContain(` ${formatKreyol(valor_centis)} `);
      }
    }
    expect(formatKreyol(123_456)).toBe('₭ 1.234,56');
  });

  it('speaks Portuguese, French and English', () => {
    const code = (idioma: 'pt-BR' | 'fr' | 'en') =>
      renderMessage({ template: 'transfer_code', params: SAMPLES.transfer_code, idioma }).text;
    expect(code('pt-BR')).toBe(
      [
        'KreyolCash: seu código para enviar ₭ 1.234,56 para Rose Toussaint é *482913*.',
        'Ele vale por 15 minutos.',
        'Nunca passe este código para ninguém, mesmo que digam que trabalham para a KreyolCash.',
      ].join('\n'),
    );
    expect(code('fr')).toContain('votre code pour envoyer ₭ 1.234,56 à Rose Toussaint est *482913*.');
    expect(code('en')).toContain('your code to send ₭ 1.234,56 to Rose Toussaint is *482913*.');
    const oneMinute = { ...SAMPLES.transfer_code, validade_min: 1 };
    expect(renderMessage({ template: 'transfer_code', params: oneMinute, idioma: 'pt-BR' }).text).toContain(
      'Ele vale por 1 minuto.',
    );
    expect(renderMessage({ template: 'transfer_code', params: oneMinute, idioma: 'en' }).text).toContain(
      'It is valid for 1 minute.',
    );
  });

  it('names a transfer’s fee next to its amount, in every language, only when there is one', () => {
    const withFee = { ...SAMPLES.transfer_code, tarifa_centis: 261 };
    const code = (idioma: 'ht' | 'pt-BR' | 'fr' | 'en') =>
      renderMessage({ template: 'transfer_code', params: withFee, idioma }).text;
    expect(code('ht')).toContain('kòd ou pou voye ₭ 1.234,56 bay Rose Toussaint (frè ₭ 2,61) se *482913*.');
    expect(code('pt-BR')).toContain('enviar ₭ 1.234,56 para Rose Toussaint (tarifa ₭ 2,61) é *482913*.');
    expect(code('fr')).toContain('envoyer ₭ 1.234,56 à Rose Toussaint (frais ₭ 2,61) est *482913*.');
    expect(code('en')).toContain('send ₭ 1.234,56 to Rose Toussaint (fee ₭ 2,61) is *482913*.');
    expect(
      renderMessage({ template: 'transfer_code', params: SAMPLES.transfer_code, idioma: 'en' }).text,
    ).not.toContain('fee');
  });

  it('gives e-mails a subject and HTML in the language, with the link and the name escaped', () => {
    const mail = renderMessage({
      template: 'email_confirmation',
      params: { nome: 'Ana <b>', link: 'http://kc.test/confirm-email#token=abc' },
      idioma: 'pt-BR',
    });
    expect(mail.subject).toBe('Confirme seu e-mail — KreyolCash');
    expect(mail.text).toContain('Olá, Ana <b>,');
    expect(mail.text).toContain('Confirmar meu e-mail: http://kc.test/confirm-email#token=abc');
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain('Ana &#60;b&#62;');
    expect(mail.html).toContain('href="http://kc.test/confirm-email#token=abc"');
  });

  it('writes the ₭/HTG rate on the agents’ receipts in each language, and no rate line without one', () => {
    const received = (idioma: string, cotacao_bp?: number) =>
      renderMessage({
        template: 'cash_in_received',
        params: { valor_centis: 50_000, agente: 'Boutik Mèsidye', numero: 10_001, cotacao_bp },
        idioma,
      }).text.split('\n');
    expect(received('ht', 1_325_000).at(-1)).toBe('To chanj: ₭1 = 132,5 HTG.');
    expect(received('fr', 12_500).at(-1)).toBe('Taux : ₭1 = 1,25 HTG.');
    expect(received('en', 1_325_000).at(-1)).toBe('Rate: ₭1 = 132.5 HTG.');
    expect(received('pt-BR', 10_000).at(-1)).toBe('Câmbio: ₭1 = 1 HTG.');
    expect(received('ht')).toHaveLength(1);
  });

  it('tells each decision of a cash complaint in its own words, a refund with its amount', () => {
    for (const template of ['cash_complaint_decided_customer', 'cash_complaint_decided_agent'] as const) {
      for (const idioma of LOCALES) {
        const texts = (['reembolsada', 'rejeitada', 'expirada'] as const).map(
          (decisao) => renderMessage({ template, params: { ...SAMPLES[template], decisao }, idioma }).text,
        );
        expect(new Set(texts).size, `${template} ${idioma}`).toBe(3);
        expect(texts[0], `${template} ${idioma}`).toContain('₭ 1.015,00');
      }
    }
    expect(
      renderMessage({
        template: 'cash_complaint_decided_agent',
        params: SAMPLES.cash_complaint_decided_agent,
        idioma: 'ht',
      }).text,
    ).toBe(
      'KreyolCash: sipò a deside sou plent Rose Toussaint sou retrè ₭ 1.000,00 ou te fè pou li: li resevwa yon ranbousman ₭ 1.015,00 ki soti nan kès ajan ou.',
    );
  });

  it('refuses an unknown template', () => {
    expect(() => renderMessage({ template: 'no_such_template', params: {}, idioma: 'ht' })).toThrow(
      new MessageRenderError('unknown template "no_such_template"'),
    );
    expect(() => renderMessage({ template: 'toString', params: {}, idioma: 'ht' })).toThrow(
      MessageRenderError,
    );
  });

  it('refuses an unknown language', () => {
    expect(() =>
      renderMessage({ template: 'transfer_sent', params: SAMPLES.transfer_sent, idioma: 'es' }),
    ).toThrow(/unknown language/);
  });

  it('names each missing parameter', () => {
    for (const [key] of Object.entries(SAMPLES.transfer_code)) {
      const params: Record<string, unknown> = { ...SAMPLES.transfer_code };
      delete params[key];
      expect(() => renderMessage({ template: 'transfer_code', params, idioma: 'ht' }), key).toThrow(
        new RegExp(`^template transfer_code: ${key}: `),
      );
    }
    expect(() => renderMessage({ template: 'transfer_sent', params: null, idioma: 'ht' })).toThrow(
      MessageRenderError,
    );
  });

  it.each([
    ['an amount written as text', { valor_centis: '1250' }],
    ['an amount with a fraction', { valor_centis: 12.5 }],
    ['an amount beyond the safe integers', { valor_centis: 2 ** 53 }],
    ['a negative amount', { valor_centis: -1 }],
    ['a code of 5 digits', { codigo: '12345' }],
    ['a code as a number', { codigo: 482913 }],
    ['an empty name', { recebedor: '' }],
    ['no minutes', { validade_min: 0 }],
  ])('refuses %s, without writing the values into the error', (_, change) => {
    const params = { ...SAMPLES.transfer_code, ...change };
    let error: unknown;
    try {
      renderMessage({ template: 'transfer_code', params, idioma: 'ht' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MessageRenderError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^template transfer_code: ${Object.keys(change)[0]}: `));
    expect(message).not.toContain('482913');
  });
});

describe('contentOf', () => {
  const row = { template: null, params: {}, idioma: 'ht' as const, text: null, subject: null, html: null };

  it('sends a written text as it is, and renders a template', () => {
    expect(contentOf({ ...row, text: 'Bonjou', subject: 'S' })).toEqual({
      text: 'Bonjou',
      subject: 'S',
      html: null,
    });
    const rendered = contentOf({
      ...row,
      template: 'password_reset',
      params: SAMPLES.password_reset,
      idioma: 'en',
    });
    expect(rendered.subject).toBe('Change your password — KreyolCash');
    expect(rendered.text).toContain('Choose a new password: http://kc.test/reset-password#access_token=a');
    expect(rendered.html).toContain('<html lang="en">');
  });

  it('refuses a row with neither a template nor a text', () => {
    expect(() => contentOf(row)).toThrow(MessageRenderError);
  });
});

// Property tests of the request schemas: parsing never accepts what validation
// rejects, and what it yields is already in the form the server stores. Each property states
// the rule independently of the schema, then throws arbitrary input at the schema.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  DEFAULT_MAX_PURCHASE_QUANTITY,
  EMAIL_MAX_LENGTH,
  HISTORY_MAX_LIMIT,
  MAX_STOCK_QUANTITY,
  MAX_TRANSFER_CENTIS,
  PAGE_MAX_LIMIT,
} from '../constants.ts';
import { isRealIsoDate, todayIsoDate } from '../dates.ts';
import { formatCentis, formatKreyol } from '../money.ts';
import { isValidNif, maskNif, nifDigits } from '../nif.ts';
import { parseAmountToCentis } from '../parse-amount.ts';
import { normalizePhone } from '../phone.ts';
import { priceTextField, transferAmountTextField } from './amounts.ts';
import { loginSchema } from './auth.ts';
import { emailField, nifField, phoneField, verificationCodeField } from './fields.ts';
import {
  companyCreateSchema,
  pageQuerySchema,
  productCreateSchema,
  purchaseCreateSchema,
} from './marketplace.ts';
import { meUpdateSchema, phoneChangeSchema, profileUpdateSchema, referralSchema } from './profile.ts';
import { signupSchema } from './signup.ts';
import { historyQuerySchema, transferInitiateSchema, verifyCodeSchema } from './wallet.ts';

const RUNS = { numRuns: 500 };

/** The parsed value, or undefined when the schema refuses the input. */
function accepted<T extends z.ZodType>(schema: T, input: unknown): z.output<T> | undefined {
  const result = schema.safeParse(input);
  return result.success ? result.data : undefined;
}

// Anything a JSON body (or a careless client) could put where a number of centis belongs.
const anyAmount = fc.oneof(
  fc.integer(),
  fc.integer({ min: -10, max: MAX_TRANSFER_CENTIS + 10 }),
  fc.double(),
  fc.double({ min: 0, max: MAX_TRANSFER_CENTIS + 1 }),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    0,
    0.5,
    1,
    1.0000000001,
    MAX_TRANSFER_CENTIS,
    MAX_TRANSFER_CENTIS + 0.5,
    MAX_TRANSFER_CENTIS + 1,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e21,
    Number.MIN_VALUE,
  ),
  fc.string(),
  fc.constantFrom('100', '1e2', '0x64', ' 100 ', null, true, [], {}, [100]),
  fc.bigInt(),
);

// Text shaped like what people type into a field, plus the characters that tend to break parsers.
const typed = (units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength: 24 });
const DIGITS = ['0', '1', '2', '5', '9'];
const TRICKY = [' ', '\u00a0', '\t', '\n', '-', '+', '.', ',', 'e', 'E', '_', '١', '１', '٫'];

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('transferInitiateSchema', () => {
  const body = (quantidade_centis: unknown) => ({ destinatario_email: 'ami@example.ht', quantidade_centis });

  it('accepts only safe positive whole centis (the ledger applies the level’s limit)', () => {
    fc.assert(
      fc.property(anyAmount, (amount) => {
        const out = accepted(transferInitiateSchema, body(amount));
        if (out === undefined) return;
        const centis = out.quantidade_centis;
        expect(typeof centis).toBe('number');
        expect(Number.isSafeInteger(centis)).toBe(true);
        expect(Object.is(centis, -0)).toBe(false);
        expect(centis).toBeGreaterThanOrEqual(1);
        expect(centis).toBe(amount);
      }),
      RUNS,
    );
  });

  it('accepts every whole amount from 1 centi to the limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_TRANSFER_CENTIS }), (centis) => {
        expect(accepted(transferInitiateSchema, body(centis))?.quantidade_centis).toBe(centis);
      }),
    );
  });

  it('accepts a recipient only in the e-mail shape, trimmed and lower-cased', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.emailAddress(), typed(['a', 'B', '@', '.', ' ', '\u00a0'])),
        (email) => {
          const out = accepted(transferInitiateSchema, { destinatario_email: email, quantidade_centis: 100 });
          if (out === undefined) return;
          expect(out.destinatario_email).toMatch(EMAIL_SHAPE);
          expect(out.destinatario_email).toBe(out.destinatario_email?.trim().toLowerCase());
        },
      ),
      RUNS,
    );
  });
});

describe('emailField', () => {
  const schema = emailField();

  it('yields only addresses in the x@y.z shape, trimmed, lower-cased, within the length limit', () => {
    const messy = fc
      .tuple(
        fc.oneof(fc.emailAddress(), fc.string(), typed(['a', 'Z', 'İ', 'ß', '@', '.', ' ', '\t'])),
        typed([' ', '\n']),
      )
      .map(([email, pad]) => `${pad}${email}${pad}`);
    fc.assert(
      fc.property(messy, (input) => {
        const out = accepted(schema, input);
        if (out === undefined) return;
        expect(out).toMatch(EMAIL_SHAPE);
        expect(out).toBe(out.trim());
        expect(out).toBe(out.toLowerCase());
        expect(out.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
        // What was stored parses to itself: one mailbox, one spelling.
        expect(accepted(schema, out)).toBe(out);
      }),
      RUNS,
    );
  });

  it('accepts every ordinary address whatever its case and surrounding spaces', () => {
    fc.assert(
      fc.property(
        fc.emailAddress().filter((e) => e.length <= EMAIL_MAX_LENGTH && EMAIL_SHAPE.test(e)),
        fc.boolean(),
        (email, shout) => {
          const input = ` ${shout ? email.toUpperCase() : email} `;
          expect(accepted(schema, input)).toBe(email.toLowerCase());
        },
      ),
    );
  });
});

describe('nifField', () => {
  it('yields exactly 10 ASCII digits, and only for a NIF that validation accepts', () => {
    fc.assert(
      fc.property(fc.oneof(typed([...DIGITS, ...TRICKY]), fc.string()), (input) => {
        const out = accepted(nifField, input);
        if (out === undefined) return;
        expect(out).toMatch(/^[0-9]{10}$/);
        expect(isValidNif(input.trim())).toBe(true);
        expect(out).toBe(nifDigits(input));
      }),
      RUNS,
    );
  });

  it('accepts any 10 digits, plain or masked', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (digits) => {
        expect(accepted(nifField, digits)).toBe(digits);
        expect(accepted(nifField, maskNif(digits))).toBe(digits);
      }),
    );
  });
});

describe('parseAmountToCentis', () => {
  const amountText = fc.oneof(
    typed([...DIGITS, ...TRICKY, '₭']),
    fc
      .tuple(
        fc.stringMatching(/^[0-9]{1,16}$/),
        fc.constantFrom(',', '.', ''),
        fc.stringMatching(/^[0-9]{0,5}$/),
      )
      .map(([whole, separator, fraction]) => `${whole}${separator}${fraction}`),
    fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }).map((c) => formatKreyol(c)),
    fc.string(),
  );

  // An independent reading of an accepted text, in BigInt: the amount it names in centis.
  function exactCentisOf(text: string): bigint {
    const body = text.trim().replace(/^₭\s*/, '');
    let whole: string;
    let fraction: string;
    if (body.includes(',')) [whole = '', fraction = ''] = body.split(',');
    else if (/^\d+\.\d{1,2}$/.test(body)) [whole = '', fraction = ''] = body.split('.');
    else [whole, fraction] = [body, ''];
    return BigInt(whole.replace(/[. \u00a0\u202f]/g, '')) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  }

  it('accepts only whole, safe, non-negative centis, exactly the amount written', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        const result = parseAmountToCentis(text);
        if (!result.ok) return;
        expect(Number.isSafeInteger(result.centis)).toBe(true);
        expect(result.centis).toBeGreaterThanOrEqual(0);
        expect(BigInt(result.centis)).toBe(exactCentisOf(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('never accepts a fraction of a centi (3 or more decimals after a comma)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{1,12}$/),
        fc.stringMatching(/^[0-9]{3,8}$/),
        (whole, fraction) => {
          expect(parseAmountToCentis(`${whole},${fraction}`).ok).toBe(false);
          expect(parseAmountToCentis(`₭ ${whole},${fraction}`).ok).toBe(false);
        },
      ),
    );
  });

  it('never accepts a signed amount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom('-', '+'),
        (centis, sign) => {
          expect(parseAmountToCentis(`${sign}${formatCentis(centis)}`).ok).toBe(false);
          expect(parseAmountToCentis(formatKreyol(-centis)).ok).toBe(false);
        },
      ),
    );
  });

  it('round-trips with formatKreyol, both ways', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (centis) => {
        expect(parseAmountToCentis(formatKreyol(centis))).toEqual({ ok: true, centis });
        expect(parseAmountToCentis(formatCentis(centis))).toEqual({ ok: true, centis });
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(amountText, (text) => {
        const first = parseAmountToCentis(text);
        if (!first.ok) return;
        expect(parseAmountToCentis(formatKreyol(first.centis))).toEqual(first);
      }),
      { numRuns: 2000 },
    );
  });

  it('the transfer and price text fields accept only what their number rules accept', () => {
    fc.assert(
      fc.property(amountText, (text) => {
        const transfer = accepted(transferAmountTextField, text);
        if (transfer !== undefined) {
          expect(Number.isSafeInteger(transfer)).toBe(true);
          expect(transfer).toBeGreaterThanOrEqual(1);
          expect(transfer).toBeLessThanOrEqual(MAX_TRANSFER_CENTIS);
          expect(
            accepted(transferInitiateSchema, { destinatario_email: 'a@b.ht', quantidade_centis: transfer }),
          ).toBeDefined();
        }
        const price = accepted(priceTextField, text);
        if (price !== undefined) {
          expect(Number.isSafeInteger(price)).toBe(true);
          expect(price).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('other fields', () => {
  it('a verification code is exactly 6 ASCII digits', () => {
    fc.assert(
      fc.property(fc.oneof(typed([...DIGITS, ...TRICKY]), fc.string()), (input) => {
        const out = accepted(verificationCodeField, input);
        if (out !== undefined) expect(out).toMatch(/^[0-9]{6}$/);
        const body = accepted(verifyCodeSchema, { codigo: input });
        if (body !== undefined) expect(body.codigo).toMatch(/^[0-9]{6}$/);
      }),
      RUNS,
    );
  });

  it('a phone comes out in E.164, already normalized', () => {
    fc.assert(
      fc.property(fc.oneof(typed([...DIGITS, '3', '4', ...TRICKY, '(', ')']), fc.string()), (input) => {
        const out = accepted(phoneField(), input);
        if (out === undefined) return;
        expect(out).toMatch(/^\+[0-9]{8,15}$/);
        expect(normalizePhone(out)).toBe(out);
        if (out.startsWith('+509')) expect(out).toMatch(/^\+509[0-9]{8}$/);
      }),
      RUNS,
    );
  });

  it('a purchase quantity is a whole number from 1 to 999', () => {
    fc.assert(
      fc.property(anyAmount, (quantidade) => {
        const out = accepted(purchaseCreateSchema, { produto_id: 'p-1', quantidade });
        if (out === undefined) return;
        expect(Number.isSafeInteger(out.quantidade)).toBe(true);
        expect(out.quantidade).toBeGreaterThanOrEqual(1);
        expect(out.quantidade).toBeLessThanOrEqual(DEFAULT_MAX_PURCHASE_QUANTITY);
      }),
      RUNS,
    );
  });

  it('a product price is safe whole centis ≥ 1 and its stock absent or a whole number in range', () => {
    fc.assert(
      fc.property(
        anyAmount,
        fc.oneof(anyAmount, fc.constant(undefined), fc.constant('')),
        (preco, estoque) => {
          const out = accepted(productCreateSchema, {
            nome: 'Pen',
            descricao: 'Pen fre',
            categoria: 'food',
            preco_centis: preco,
            estoque,
          });
          if (out === undefined) return;
          expect(Number.isSafeInteger(out.preco_centis)).toBe(true);
          expect(out.preco_centis).toBeGreaterThanOrEqual(1);
          if (out.estoque !== null) {
            expect(Number.isSafeInteger(out.estoque)).toBe(true);
            expect(out.estoque).toBeGreaterThanOrEqual(0);
            expect(out.estoque).toBeLessThanOrEqual(MAX_STOCK_QUANTITY);
          }
        },
      ),
      RUNS,
    );
  });

  it('page sizes read from a query string stay whole and within their limits', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.integer().map(String), fc.double().map(String)), (limit) => {
        const history = accepted(historyQuerySchema, { limit });
        if (history !== undefined) {
          expect(Number.isInteger(history.limit)).toBe(true);
          expect(history.limit).toBeGreaterThanOrEqual(1);
          expect(history.limit).toBeLessThanOrEqual(HISTORY_MAX_LIMIT);
        }
        const page = accepted(pageQuerySchema, { limit });
        if (page !== undefined) {
          expect(Number.isInteger(page.limit)).toBe(true);
          expect(page.limit).toBeGreaterThanOrEqual(1);
          expect(page.limit).toBeLessThanOrEqual(PAGE_MAX_LIMIT);
        }
      }),
      RUNS,
    );
  });

  it('a sign-up yields a 10-digit NIF and a real birth date in the past', () => {
    const today = todayIsoDate();
    fc.assert(
      fc.property(
        fc.oneof(fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/), fc.string()),
        fc.oneof(typed([...DIGITS, '-', ' ']), fc.stringMatching(/^[0-9]{10}$/)),
        (data_nascimento, documento) => {
          const out = accepted(signupSchema, {
            nome_completo: 'Marie Jean',
            documento,
            email: 'marie@example.ht',
            telefone: '+50937123456',
            data_nascimento,
            sexo: 'F',
            password: 'Lakay-2024!',
          });
          if (out === undefined) return;
          expect(out.documento).toMatch(/^[0-9]{10}$/);
          expect(isRealIsoDate(out.data_nascimento)).toBe(true);
          expect(out.data_nascimento < today).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

// Mass assignment at the door: whatever else a body carries, a request schema yields only the
// fields it declares (the server then never sees saldo_centis, status, owner ids or totals).
describe('request schemas keep only their own fields', () => {
  const FORBIDDEN = [
    'id',
    'saldo_centis',
    'reservado_centis',
    'status',
    'responsavel_id',
    'empresa_id',
    'remetente_id',
    'destinatario_id',
    'comprador_id',
    'vendedor_id',
    'preco_unitario_centis',
    'total_centis',
    'email_confirmado_em',
    'tipo',
    '__proto__',
    'constructor',
  ];
  const cases: [string, z.ZodObject, Record<string, unknown>][] = [
    [
      'transferInitiateSchema',
      transferInitiateSchema,
      { destinatario_email: 'a@b.ht', quantidade_centis: 100 },
    ],
    ['purchaseCreateSchema', purchaseCreateSchema, { produto_id: 'p-1', quantidade: 2 }],
    [
      'companyCreateSchema',
      companyCreateSchema,
      { nome: 'Boulanjri', descricao: 'Pen', categoria: 'bakery' },
    ],
    [
      'productCreateSchema',
      productCreateSchema,
      { nome: 'Pen', descricao: 'Pen fre', categoria: 'food', preco_centis: 250 },
    ],
    ['profileUpdateSchema', profileUpdateSchema, { nome_completo: 'Marie Jean' }],
    ['meUpdateSchema', meUpdateSchema, { nome_completo: 'Marie Jean', idioma: 'fr' }],
    ['referralSchema', referralSchema, { nome: 'Zanmi', telefone: '+50937123456' }],
    ['phoneChangeSchema', phoneChangeSchema, { novo_telefone: '+50937123457' }],
    ['verifyCodeSchema', verifyCodeSchema, { codigo: '123456' }],
    ['loginSchema', loginSchema, { email: 'a@b.ht', password: 'secret1' }],
  ];

  for (const [name, schema, valid] of cases) {
    it(name, () => {
      const declared = new Set(Object.keys(schema.shape));
      fc.assert(
        fc.property(
          fc.dictionary(fc.oneof(fc.constantFrom(...FORBIDDEN), fc.string()), fc.jsonValue(), { maxKeys: 6 }),
          (extras) => {
            // As it arrives from the wire: JSON.parse makes `__proto__` an own key.
            const body = JSON.parse(JSON.stringify({ ...valid, ...withoutDeclared(extras, declared) }));
            const raw = JSON.stringify(extras);
            const fromWire =
              raw === '{}' ? body : JSON.parse(`${JSON.stringify(valid).slice(0, -1)},${raw.slice(1)}`);
            for (const input of [body, fromWire]) {
              const out = accepted(schema, input);
              if (out === undefined) continue;
              const keys = Object.keys(out as object);
              expect(keys.filter((k) => !declared.has(k))).toEqual([]);
              expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
            }
            // Extras with foreign names never turn a valid body into a refused one.
            expect(accepted(schema, body)).toBeDefined();
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});

function withoutDeclared(extras: Record<string, unknown>, declared: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(extras).filter(([key]) => !declared.has(key)));
}

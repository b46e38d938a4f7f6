import { z } from 'zod';
import { FEE_OPERATIONS } from '../../fees.ts';
import { named } from '../contract.ts';
import { timestampSchema } from './common.ts';

// The fee responses of the HTTP contract, named for components.schemas (rules in fees.ts).

/** One band of amount, both ends included: a fixed fee plus a percentage, and the agent's share. */
export const feeBandSchema = named(
  'FeeBand',
  z.object({
    de_centis: z.int(),
    ate_centis: z.int(),
    fixa_centis: z.int(),
    /** Basis points of the amount (100 = 1 %), rounded half up to a whole centi. */
    percentual_bp: z.int(),
    /** Basis points of the fee that go to the agent as commission, rounded down. */
    comissao_bp: z.int(),
  }),
);

/**
 * One operation's table: saque (cash-out), deposito (cash-in), transferencia (person to person).
 * No band: the operation is free. Above the last band, the operation takes no amount.
 */
export const feeTableSchema = named(
  'FeeTable',
  z.object({
    operacao: z.enum(FEE_OPERATIONS),
    faixas: z.array(feeBandSchema),
    atualizado_em: timestampSchema,
  }),
);
export type FeeTableResponse = z.output<typeof feeTableSchema>;

/** Every operation's table, in the order of FEE_OPERATIONS. */
export const feeTableListSchema = named('FeeTableList', z.object({ tabelas: z.array(feeTableSchema) }));
export type FeeTableList = z.output<typeof feeTableListSchema>;

/** One table, as the back office just published it. */
export const feeTableEnvelopeSchema = named('FeeTableEnvelope', z.object({ tabela: feeTableSchema }));

/**
 * The fee for an amount before confirming: the fee, its split (agent's commission + operator's
 * part = fee), what the paying side gives (amount + fee; on a cash-out, what the wallet holds)
 * and what the other side receives (the amount; on a cash-out, the cash in hand).
 */
export const feeQuoteSchema = named(
  'FeeQuote',
  z.object({
    operacao: z.enum(FEE_OPERATIONS),
    quantidade_centis: z.int(),
    tarifa_centis: z.int(),
    comissao_centis: z.int(),
    operador_centis: z.int(),
    total_centis: z.int(),
    recebe_centis: z.int(),
  }),
);
export type FeeQuoteResponse = z.output<typeof feeQuoteSchema>;

/**
 * What one ₭ is worth in gourdes, for the screens and receipts: htg_por_kc_bp is ten-thousandths
 * of a gourde per ₭ (10 000: 1 ₭ = 1 HTG), set by the operator (KC_HTG_RATE).
 */
export const exchangeRateSchema = named(
  'ExchangeRate',
  z.object({ moeda: z.literal('HTG'), htg_por_kc_bp: z.int() }),
);
export type ExchangeRateResponse = z.output<typeof exchangeRateSchema>;

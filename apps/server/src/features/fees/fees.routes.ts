import {
  centisQueryField,
  exchangeRateSchema,
  feeOperationSchema,
  feeQuoteSchema,
  feeTableListSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../identity/authenticate.ts';
import { feeTables, quoteFee } from '../../ledger/ledger.ts';
import { BEARER } from '../../lib/openapi.ts';

// The published fees, for the "Frè" screen and the cash-out confirmation (registered only with
// AGENTS_ENABLED). The tables and the rule are the ledger's (ledger/fees.ts).
export const feesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const tags = ['wallet'];

  app.get(
    '/api/fees',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'listFees',
        summary: 'The fee tables of cash-out, cash-in and person-to-person transfers',
        description:
          'Each operation’s bands of amount (both ends included), each a fixed fee plus a percentage ' +
          '(basis points, rounded half up to a whole centi) and the agent’s share of it. An operation ' +
          'without bands is free; an amount above its last band is not taken.',
        tags,
        security: BEARER,
        response: { 200: feeTableListSchema },
      },
    },
    async () => ({ tabelas: await feeTables(database.db) }),
  );

  app.get(
    '/api/fees/quote',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'quoteFee',
        summary: 'The fee for an amount, and what is held and received, before confirming',
        description:
          'quantidade_centis is a whole number of centis, more than 0 (422 invalid_amount) and within the ' +
          'ceiling of every amount (422 amount_too_large, also when amount + fee would pass it); 422 ' +
          'amount_above_fee_bands (details.limite_centis) above the operation’s last band. On a cash-out the ' +
          'fee is added on top: total_centis (amount + fee) is held from the wallet and recebe_centis (the ' +
          'amount) is the cash handed over.',
        tags,
        security: BEARER,
        errors: ['invalid_amount', 'amount_too_large', 'amount_above_fee_bands'],
        querystring: z.object({ operacao: feeOperationSchema, quantidade_centis: centisQueryField }),
        response: { 200: feeQuoteSchema },
      },
    },
    async (request) => quoteFee(database.db, request.query.operacao, request.query.quantidade_centis),
  );

  // The rate is the operator's setting (KC_HTG_RATE), not the ledger's: nothing that moves money reads it.
  app.get(
    '/api/fees/rate',
    {
      onRequest: authenticate(app),
      schema: {
        operationId: 'getExchangeRate',
        summary: 'What one ₭ is worth in gourdes, for the screens and receipts',
        description: 'htg_por_kc_bp: ten-thousandths of a gourde per ₭ (10 000: 1 ₭ = 1 HTG).',
        tags,
        security: BEARER,
        response: { 200: exchangeRateSchema },
      },
    },
    async () => ({ moeda: 'HTG' as const, htg_por_kc_bp: app.deps.config.htgPerKcBp }),
  );
};

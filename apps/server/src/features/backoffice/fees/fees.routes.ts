import {
  AppError,
  FEE_TABLE_REFUSALS,
  feeTableEnvelopeSchema,
  feeTableListSchema,
  feeTableRequestSchema,
  isFeeOperation,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import { feeTables, replaceFeeTable } from '../../../ledger/ledger.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';

const tags = ['backoffice'];

// The published fees are money: finance and admin read and replace them, each replacement with
// its audit row (before and after) in the same transaction.
const FEE_ROLES = ['finance', 'admin'] as const;

export const feesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, FEE_ROLES);

  app.get(
    '/fees',
    {
      ...guard,
      schema: {
        operationId: 'adminListFees',
        summary: 'The fee tables of every operation, as published',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        response: { 200: feeTableListSchema },
      },
    },
    async () => ({ tabelas: await feeTables(database.db) }),
  );

  app.put(
    '/fees/:operacao',
    {
      ...guard,
      schema: {
        operationId: 'adminReplaceFees',
        summary: 'Replaces the whole fee table of one operation (saque, deposito, transferencia)',
        description:
          'faixas: the bands in order, both ends included, from 1 centi, each starting right after the ' +
          'previous one ends (422 fee_bands_not_from_one, fee_bands_gap, fee_bands_overlap), a band ending ' +
          'at or after it starts in whole centis (422 fee_band_invalid), at most at the ceiling of every ' +
          'amount (422 fee_band_above_ceiling), at most FEE_BANDS_MAX bands (422 fee_bands_too_many); ' +
          'fixa_centis a whole number within the ceiling (422 fee_fixed_invalid), percentual_bp and ' +
          'comissao_bp whole basis points from 0 to 10 000 (422 fee_percentage_invalid, fee_share_invalid); ' +
          'the cash-in (deposito) is not charged in this release: any band is 422 fee_not_charged; a ' +
          'transfer has no agent: a band with comissao_bp above 0 is 422 fee_share_without_agent; ' +
          'details.faixa names the band refused. An empty list makes the operation free. An unknown ' +
          'operation is 404 not_found. The change is in the audit trail (fees.update) with the table before and after.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'not_found', ...FEE_TABLE_REFUSALS],
        params: z.object({ operacao: z.string() }),
        body: feeTableRequestSchema,
        response: { 200: feeTableEnvelopeSchema },
      },
    },
    async (request) => {
      const { operacao } = request.params;
      if (!isFeeOperation(operacao)) throw new AppError('not_found');
      const operator = operatorOf(request);
      const tabela = await database.db.transaction().execute(async (trx) => {
        const { before, after } = await replaceFeeTable(trx, operacao, request.body.faixas, operator.id);
        await recordAudit(trx, {
          operator,
          action: 'fees.update',
          target: { type: 'tarifa', id: operacao },
          before: before.faixas,
          after: after.faixas,
        });
        return after;
      });
      return { tabela };
    },
  );
};

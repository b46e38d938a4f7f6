import { adminLedgerCheckSchema, adminLedgerPanelSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../../../audit/audit.ts';
import {
  checkLedgerIntegrity,
  lastLedgerCheck,
  ledgerTotals,
  storeLedgerCheck,
} from '../../../ledger/ledger.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { countPendingAndFailed, oldestPendingMessageAt } from '../../../messaging/outbox.repository.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';

const tags = ['backoffice'];
const LEDGER_READERS = ['finance', 'admin'] as const;

// Finance and admin watch the ledger's totals, the last audit of it and the message queue, and
// can run the audit at once (it reads one snapshot; the run is stored and leaves an audit row).
export const ledgerPanelRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/ledger',
    {
      ...operatorOnly(app, LEDGER_READERS),
      schema: {
        operationId: 'adminGetLedgerPanel',
        summary: "The ledger's totals, its last integrity check and the message queue",
        tags,
        security: OPERATOR_SESSION,
        // A NUL anywhere in the request (here: the query string) is refused on every route.
        errors: ['forbidden', 'validation_error'],
        response: { 200: adminLedgerPanelSchema },
      },
    },
    async () => {
      const { pendentes_quantidade, pendentes_total_centis, ...totals } = await ledgerTotals(db);
      const counts = await countPendingAndFailed(db);
      const oldest = await oldestPendingMessageAt(db);
      return {
        ...totals,
        pendentes: { quantidade: pendentes_quantidade, total_centis: pendentes_total_centis },
        ultima_verificacao: (await lastLedgerCheck(db)) ?? null,
        outbox: {
          ...counts,
          mais_antiga_em: oldest,
          idade_segundos: oldest ? Math.max(0, Math.floor((Date.now() - oldest.getTime()) / 1000)) : null,
        },
      };
    },
  );

  app.post(
    '/ledger/check',
    {
      ...operatorOnly(app, LEDGER_READERS),
      schema: {
        operationId: 'adminCheckLedger',
        summary: "Runs the ledger's integrity check now and stores its report",
        tags,
        security: OPERATOR_SESSION,
        // A NUL anywhere in the request (here: a body sent anyway, or the query string) is refused on
        // every route.
        errors: ['forbidden', 'validation_error'],
        response: { 200: adminLedgerCheckSchema },
      },
    },
    async (request) => {
      const report = await checkLedgerIntegrity(db);
      return db.transaction().execute(async (trx) => {
        const stored = await storeLedgerCheck(trx, report);
        await recordAudit(trx, {
          operator: operatorOf(request),
          action: 'ledger.check',
          target: { type: 'ledger_check', id: String(stored.id) },
          after: { ok: stored.ok, problemas: report.problems.length },
        });
        return stored;
      });
    },
  );
};

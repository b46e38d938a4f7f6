import { adminLedgerCheckSchema, adminLedgerPanelSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { checkLedgerIntegrity, lastLedgerCheck, storeLedgerCheck } from '../../../ledger/ledger.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { countByStatus, oldestPendingMessageAt } from '../../../messaging/outbox.repository.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';

const tags = ['backoffice'];
const LEDGER_READERS = ['finance', 'admin'] as const;

/**
 * The ledger's totals, read in one statement (one snapshot). Money exists only once issued: the
 * issuer's account goes negative by what it issued, so issued = −(its balance), and issued equals
 * the users' balances plus the fees (and the other system accounts) while the ledger is sound.
 *
 * Summed by PostgreSQL (numeric, then bigint), never in JavaScript, and each total is at most the
 * ceiling of every figure (AMOUNT_CEILING_CENTIS, 10^15 < 2^53), so it travels as a plain number:
 * the issuer's balance is held within it by a CHECK, every other account is never negative, so
 * their sum (the money issued) is within it too, what is reserved is part of those balances and
 * what is pending part of what is reserved. Only a ledger that no longer balances could pass it,
 * and ledger:check names that ("figure beyond the ceiling").
 */
async function ledgerTotals(db: Kysely<DB>) {
  const { rows } = await sql<{
    emitido_centis: number;
    saldos_usuarios_centis: number;
    reservado_centis: number;
    taxas_centis: number;
    outras_centis: number;
    contas_usuarios: number;
    pendentes_quantidade: number;
    pendentes_total_centis: number;
    reclamacoes_abertas: number;
  }>`
    select
      (select -coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'emissor')::bigint as emitido_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'usuario')::bigint as saldos_usuarios_centis,
      (select coalesce(sum(reservado_centis), 0) from kreyolcash_contas)::bigint as reservado_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo = 'taxas')::bigint as taxas_centis,
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_contas where tipo in ('garantia', 'agente'))::bigint
        as outras_centis,
      (select count(*) from kreyolcash_contas where tipo = 'usuario')::bigint as contas_usuarios,
      pendentes.quantidade as pendentes_quantidade,
      pendentes.total_centis as pendentes_total_centis,
      (select count(*) from reclamacoes where status = 'aberta')::bigint as reclamacoes_abertas
      -- The pending movements (a hold is its pending movement): one walk of the movements, for an
      -- operator's page (the movements have no index on their status).
      from (select count(*)::bigint as quantidade, coalesce(sum(quantidade_centis), 0)::bigint as total_centis
              from kreyolcash_movimentacoes where status = 'pendente') pendentes`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger totals returned nothing');
  return row;
}

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
      const counts = await countByStatus(db);
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

import { AppError, historyQuerySchema, transactionSchema, walletSchema } from '@kreyolcash/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { reports } from '../../ledger/ledger.ts';
import { isUuid } from '../../lib/ids.ts';
import { authenticate, userIdOf } from '../auth/authenticate.ts';
import { findBalance, findStatementEntry, listStatement } from './statement.repository.ts';
import { decodeCursor, encodeCursor, presentReport, presentTransaction } from './transaction-presenter.ts';

const tags = ['wallet'];

export async function walletRoutes(app: AppInstance): Promise<void> {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);

  app.get(
    '/api/wallet',
    { onRequest, schema: { tags, response: { 200: walletSchema } } },
    async (request) => {
      const balance = await findBalance(db, userIdOf(request));
      return balance ?? { saldo_centis: 0, reservado_centis: 0, disponivel_centis: 0 };
    },
  );

  app.get(
    '/api/wallet/transactions',
    {
      onRequest,
      schema: {
        tags,
        querystring: historyQuerySchema,
        response: {
          200: z.object({ items: z.array(transactionSchema), next_cursor: z.string().nullable() }),
        },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { type, limit, cursor } = request.query;
      const rows = await listStatement(db, {
        userId,
        filter: type,
        limit: limit + 1,
        cursor: decodeCursor(cursor),
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        items: page.map((row) => presentTransaction(row, userId)),
        next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
      };
    },
  );

  app.get(
    '/api/wallet/transactions/:id',
    {
      onRequest,
      schema: { tags, params: z.object({ id: z.string() }), response: { 200: transactionSchema } },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { id } = request.params;
      const row = isUuid(id) ? await findStatementEntry(db, { userId, id }) : undefined;
      // Not a party is the same answer as not existing: ids reveal nothing.
      if (!row) throw new AppError('transaction_not_found');
      const { report, canReport } = await reports.stateFor(db, { movementId: id, viewerId: userId });
      return {
        ...presentTransaction(row, userId),
        reclamacao: report ? presentReport(report, userId) : null,
        pode_reclamar: canReport,
      };
    },
  );
}

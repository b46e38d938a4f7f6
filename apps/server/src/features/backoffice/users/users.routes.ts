import {
  AppError,
  adminMovementPageSchema,
  adminUserMovementPageSchema,
  adminUserPageSchema,
  adminUserSearchSchema,
  errorKey,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/ids.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { idParams } from '../../../lib/route-schemas.ts';
import { listAudit } from '../audit/audit.repository.ts';
import { ANY_OPERATOR, operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import {
  findActorOperator,
  findLedgerLines,
  findMovement,
  findRelatedMovements,
  findReportOf,
  findSaleOf,
} from './movements.repository.ts';
import { userLimits } from './user-limits.ts';
import {
  findFreezeOperator,
  findUserIdentity,
  listUserMovements,
  listUserReports,
  listUserSessions,
  searchUsers,
} from './users.repository.ts';

const tags = ['backoffice'];
const USER_PAGE_AUDIT_ROWS = 20;

const VIEW_WINDOW = '10 minutes';

async function recordView(db: Kysely<DB>, operator: OperatorSession, userId: string): Promise<void> {
  const recent = await db
    .selectFrom('auditoria')
    .select('id')
    .where('usuario_id', '=', userId)
    .where('operador_id', '=', operator.id)
    .where('acao', '=', 'user.view')
    .where('criado_em', '>', sql<Date>`now() - ${VIEW_WINDOW}::interval`)
    .limit(1)
    .executeTakeFirst();
  if (recent) return;
  await recordAudit(db, { operator, action: 'user.view', target: { type: 'user', id: userId }, userId });
}

function existingId(id: string): string {
  if (!isUuid(id)) throw new AppError('not_found');
  return id;
}

// Every operator finds users and reads their page and movements. The page shows personal data
// (NIF, birth date, phone, balance), so opening it leaves an audit row: who looked at whom is
// answerable. One row per operator and user per VIEW_WINDOW, so reloading the page or its refresh
// after a freeze does not bury the trail in repeats; paging the movements adds none.
// The document photo is not here: only compliance and admin see it, in the KYC area.
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const guard = operatorOnly(app, ANY_OPERATOR);

  app.get(
    '/users',
    {
      ...guard,
      schema: {
        operationId: 'adminSearchUsers',
        summary: 'Users by e-mail (its beginning), phone, NIF or a part of the name',
        tags,
        security: OPERATOR_SESSION,
        querystring: z.object({
          q: z.string(errorKey('validation_error')).trim().min(2, errorKey('validation_error')).max(254),
        }),
        response: { 200: adminUserSearchSchema },
      },
    },
    async (request) => ({ items: await searchUsers(db, request.query.q) }),
  );

  app.get(
    '/users/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetUser',
        summary: "A user's page: identity, balance, limits, movements, sessions, reports and audit trail",
        description: 'Opening it leaves an audit row (user.view), one per operator and user per 10 minutes.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['not_found'],
        params: idParams,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => {
      const userId = existingId(request.params.id);
      const user = await findUserIdentity(db, userId);
      if (!user) throw new AppError('not_found');
      await recordView(db, operatorOf(request), userId);
      const {
        saldo_centis,
        reservado_centis,
        congelado_em,
        congelado_por,
        congelado_motivo,
        congelado_categoria,
        ...identity
      } = user;
      const freezer =
        congelado_em && congelado_por === 'operador' ? await findFreezeOperator(db, userId) : undefined;
      return {
        usuario: {
          ...identity,
          congelamento:
            congelado_em && congelado_por
              ? {
                  em: congelado_em,
                  por: congelado_por,
                  motivo: congelado_motivo,
                  categoria: congelado_categoria,
                  operador: freezer ? { id: freezer.id, nome: freezer.nome, email: freezer.email } : null,
                }
              : null,
        },
        saldo: { saldo_centis, reservado_centis, disponivel_centis: saldo_centis - reservado_centis },
        limites: await userLimits(db, app.deps.config, userId),
        movimentos: await listUserMovements(db, userId, undefined),
        sessoes: await listUserSessions(db, userId),
        reclamacoes: await listUserReports(db, userId),
        auditoria: await listAudit(db, {
          filter: { usuario: userId },
          cursor: undefined,
          limit: USER_PAGE_AUDIT_ROWS,
        }),
      };
    },
  );

  app.get(
    '/users/:id/movements',
    {
      ...guard,
      schema: {
        operationId: 'adminListUserMovements',
        summary: "A page of the movements that touched the user's account or name them, newest first",
        tags,
        security: OPERATOR_SESSION,
        errors: ['not_found'],
        params: idParams,
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: adminUserMovementPageSchema },
      },
    },
    async (request) =>
      listUserMovements(db, existingId(request.params.id), decodePageCursor(request.query.cursor)),
  );

  app.get(
    '/movements/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetMovement',
        summary: "A movement's page: its ledger lines, corrections, sale and report",
        tags,
        security: OPERATOR_SESSION,
        errors: ['not_found'],
        params: idParams,
        response: { 200: adminMovementPageSchema },
      },
    },
    async (request) => {
      const movement = await findMovement(db, existingId(request.params.id));
      if (!movement) throw new AppError('not_found');
      const actor = await findActorOperator(db, movement.ator);
      return {
        movimentacao: { ...movement, ator_operador: actor ?? null },
        lancamentos: await findLedgerLines(db, movement),
        ...(await findRelatedMovements(db, movement)),
        venda: await findSaleOf(db, movement.id),
        reclamacao: await findReportOf(db, movement.id),
      };
    },
  );
};

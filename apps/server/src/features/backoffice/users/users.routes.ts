import { AppError, errorKey, FREEZE_CATEGORIES } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { isUuid } from '../../../lib/ids.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { idParams } from '../../../lib/route-schemas.ts';
import { listAudit } from '../audit/audit.repository.ts';
import { auditRowSchema } from '../audit/audit.routes.ts';
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
import { userLimits, userLimitsSchema } from './user-limits.ts';
import {
  findFreezeOperator,
  findUserIdentity,
  listUserMovements,
  listUserReports,
  listUserSessions,
  searchUsers,
} from './users.repository.ts';

const tags = ['back office'];
const USER_PAGE_AUDIT_ROWS = 20;

const movementsPageSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      tipo: z.string(),
      status: z.string(),
      quantidade_centis: z.number(),
      remetente_id: z.string().nullable(),
      remetente_nome: z.string().nullable(),
      destinatario_id: z.string().nullable(),
      destinatario_nome: z.string().nullable(),
      criado_em: z.date(),
      sentido: z.enum(['credito', 'debito']).nullable(),
    }),
  ),
  next_cursor: z.string().nullable(),
});

const userPageSchema = z.object({
  usuario: z.object({
    id: z.string(),
    nome_completo: z.string(),
    email: z.string(),
    telefone: z.string(),
    documento: z.string(),
    data_nascimento: z.string(),
    status: z.string(),
    idioma: z.string(),
    criado_em: z.date(),
    email_confirmado_em: z.date().nullable(),
    telefone_verificado_em: z.date().nullable(),
    documento_aprovado_em: z.date().nullable(),
    congelamento: z
      .object({
        em: z.date(),
        por: z.enum(['usuario', 'operador']),
        motivo: z.string().nullable(),
        categoria: z.enum(FREEZE_CATEGORIES).nullable(),
        operador: z.object({ id: z.string(), nome: z.string(), email: z.string() }).nullable(),
      })
      .nullable(),
  }),
  saldo: z.object({ saldo_centis: z.number(), reservado_centis: z.number(), disponivel_centis: z.number() }),
  limites: userLimitsSchema,
  movimentos: movementsPageSchema,
  sessoes: z.array(
    z.object({
      id: z.string(),
      criado_em: z.date(),
      ultimo_uso_em: z.date(),
      revogado_em: z.date().nullable(),
      motivo_revogacao: z.string().nullable(),
    }),
  ),
  reclamacoes: z.array(
    z.object({
      id: z.string(),
      movimentacao_id: z.string(),
      papel: z.enum(['pagador', 'recebedor']),
      quantidade_centis: z.number(),
      retido_centis: z.number(),
      status: z.string(),
      criado_em: z.date(),
      prazo_em: z.date(),
      decidido_em: z.date().nullable(),
    }),
  ),
  auditoria: z.object({ items: z.array(auditRowSchema), next_cursor: z.string().nullable() }),
});

const briefMovement = z.object({
  id: z.string(),
  tipo: z.string(),
  status: z.string(),
  quantidade_centis: z.number(),
  criado_em: z.date(),
  motivo: z.string().nullable(),
});

const movementPageSchema = z.object({
  movimentacao: z.object({
    id: z.string(),
    tipo: z.string(),
    status: z.string(),
    quantidade_centis: z.number(),
    observacoes: z.string().nullable(),
    conta_debito: z.string(),
    conta_credito: z.string(),
    referente_a: z.string().nullable(),
    motivo: z.string().nullable(),
    ator: z.string().nullable(),
    // The operator the actor names, so the page shows a name and a role, not an id.
    ator_operador: z
      .object({
        id: z.string(),
        nome: z.string(),
        papel: z.enum(['support', 'compliance', 'finance', 'admin']),
      })
      .nullable(),
    criado_em: z.date(),
    concluido_em: z.date().nullable(),
    expira_em: z.date().nullable(),
    remetente_id: z.string().nullable(),
    remetente_nome: z.string().nullable(),
    remetente_email: z.string().nullable(),
    destinatario_id: z.string().nullable(),
    destinatario_nome: z.string().nullable(),
    destinatario_email: z.string().nullable(),
  }),
  lancamentos: z.array(
    z.object({
      id: z.string(),
      conta_id: z.string(),
      conta_tipo: z.string(),
      titular_nome: z.string().nullable(),
      valor_centis: z.number(),
      saldo_anterior_centis: z.number(),
      saldo_posterior_centis: z.number(),
      criado_em: z.date(),
    }),
  ),
  corrige: briefMovement.nullable(),
  corrigido_por: z.array(briefMovement),
  venda: z
    .object({
      id: z.string(),
      status: z.string(),
      quantidade: z.number(),
      preco_unitario_centis: z.number(),
      total_centis: z.number(),
      produto_nome: z.string(),
      empresa_id: z.string(),
      empresa_nome: z.string(),
    })
    .nullable(),
  reclamacao: z
    .object({
      id: z.string(),
      status: z.string(),
      quantidade_centis: z.number(),
      retido_centis: z.number(),
      criado_em: z.date(),
      prazo_em: z.date(),
      decidido_em: z.date().nullable(),
    })
    .nullable(),
});

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
        tags,
        querystring: z.object({
          q: z.string(errorKey('validation_error')).trim().min(2, errorKey('validation_error')).max(254),
        }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                nome_completo: z.string(),
                email: z.string(),
                telefone: z.string(),
                documento: z.string(),
                status: z.string(),
                congelado_em: z.date().nullable(),
                saldo_centis: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ items: await searchUsers(db, request.query.q) }),
  );

  app.get(
    '/users/:id',
    { ...guard, schema: { tags, params: idParams, response: { 200: userPageSchema } } },
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
        tags,
        params: idParams,
        querystring: z.object({ cursor: z.string().max(200).optional() }),
        response: { 200: movementsPageSchema },
      },
    },
    async (request) =>
      listUserMovements(db, existingId(request.params.id), decodePageCursor(request.query.cursor)),
  );

  app.get(
    '/movements/:id',
    { ...guard, schema: { tags, params: idParams, response: { 200: movementPageSchema } } },
    async (request) => {
      const movement = await findMovement(db, existingId(request.params.id));
      if (!movement) throw new AppError('not_found');
      const actor = await findActorOperator(db, movement.ator);
      return {
        movimentacao: { ...movement, ator_operador: actor ?? null },
        lancamentos: await findLedgerLines(db, movement.id),
        ...(await findRelatedMovements(db, movement)),
        venda: await findSaleOf(db, movement.id),
        reclamacao: await findReportOf(db, movement.id),
      };
    },
  );
};

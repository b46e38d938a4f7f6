import {
  AppError,
  adminHelpQueueSchema,
  adminHelpRequestEnvelopeSchema,
  HELP_REQUEST_STATUSES,
  HELP_TEXT_MAX_LENGTH,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isFrozen } from '../../../identity/freeze.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { queuePageQuery } from '../queue-page.ts';
import { findHelpRequest, listHelpRequests } from './help-queue.repository.ts';
import { answerHelpRequest, closeHelpRequest } from './help-queue.service.ts';

const tags = ['backoffice'];

// The help requests people send from the app's "Sipò" screen: support (and admin) read them,
// answer them — the person reads the answer on WhatsApp and in the app — and close them.
const SUPPORT_ROLES = ['support', 'admin'] as const;

const params = z.object({ id: z.string().max(100) });

const answerBody = z.object({
  resposta: z
    .string({ error: 'answer_required' })
    .trim()
    .min(1, 'answer_required')
    .max(HELP_TEXT_MAX_LENGTH, 'value_too_long'),
});
const closeBody = z.object({ motivo: z.string().trim().max(500).nullish() }).nullish();

export const helpQueueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, SUPPORT_ROLES);

  app.get(
    '/support/requests',
    {
      ...guard,
      schema: {
        operationId: 'adminListHelpRequests',
        summary: 'Help requests in one state (aberto by default): waiting ones oldest first',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: queuePageQuery.extend({ status: z.enum(HELP_REQUEST_STATUSES).default('aberto') }),
        response: { 200: adminHelpQueueSchema },
      },
    },
    async (request) => {
      const { status, cursor, limit } = request.query;
      const { rows, total, nextCursor } = await listHelpRequests(database.db, {
        status,
        cursor: decodePageCursor(cursor),
        limit,
      });
      return {
        total,
        pedidos: rows.map(({ congelado_em, ...row }) => ({ ...row, congelado: isFrozen({ congelado_em }) })),
        next_cursor: nextCursor,
      };
    },
  );

  app.get(
    '/support/requests/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetHelpRequest',
        summary: 'A help request with the person and the movement it is about',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'help_request_not_found'],
        params,
        response: { 200: adminHelpRequestEnvelopeSchema },
      },
    },
    async (request) => {
      const found = /^[0-9a-f-]{36}$/i.test(request.params.id)
        ? await findHelpRequest(database.db, request.params.id)
        : undefined;
      if (!found) throw new AppError('help_request_not_found');
      return { pedido: presentDetail(found) };
    },
  );

  app.post(
    '/support/requests/:id/answer',
    {
      ...guard,
      schema: {
        operationId: 'adminAnswerHelpRequest',
        summary: 'Answers a help request',
        description: 'The answer goes to the person on WhatsApp, in their language, and shows in the app.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'help_request_not_found', 'help_request_closed'],
        params,
        body: answerBody,
        response: { 200: adminHelpRequestEnvelopeSchema },
      },
    },
    async (request) => {
      await answerHelpRequest(database.db, {
        id: request.params.id,
        operator: operatorOf(request),
        resposta: request.body.resposta,
      });
      return { pedido: presentDetail(await detailOrThrow(request.params.id)) };
    },
  );

  app.post(
    '/support/requests/:id/close',
    {
      ...guard,
      schema: {
        operationId: 'adminCloseHelpRequest',
        summary: 'Closes a help request, answered or not',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'help_request_not_found', 'help_request_closed'],
        params,
        body: closeBody,
        response: { 200: adminHelpRequestEnvelopeSchema },
      },
    },
    async (request) => {
      await closeHelpRequest(database.db, {
        id: request.params.id,
        operator: operatorOf(request),
        motivo: request.body?.motivo || null,
      });
      return { pedido: presentDetail(await detailOrThrow(request.params.id)) };
    },
  );

  async function detailOrThrow(id: string) {
    const found = await findHelpRequest(database.db, id);
    if (!found) throw new AppError('help_request_not_found');
    return found;
  }
};

function presentDetail(row: NonNullable<Awaited<ReturnType<typeof findHelpRequest>>>) {
  return {
    id: row.id,
    assunto: row.assunto,
    texto: row.texto,
    status: row.status,
    resposta: row.resposta,
    criado_em: row.criado_em,
    respondido_em: row.respondido_em,
    respondido_por_nome: row.respondido_por_nome,
    fechado_em: row.fechado_em,
    fechado_por_nome: row.fechado_por_nome,
    usuario: {
      id: row.usuario_id,
      nome_completo: row.nome_completo,
      email: row.email,
      telefone: row.telefone,
      idioma: row.idioma,
      congelado: isFrozen(row),
    },
    movimentacao:
      row.movimentacao_id && row.movimentacao_tipo && row.movimentacao_status && row.movimentacao_criada_em
        ? {
            id: row.movimentacao_id,
            tipo: row.movimentacao_tipo,
            status: row.movimentacao_status,
            quantidade_centis: Number(row.movimentacao_centis),
            criado_em: row.movimentacao_criada_em,
          }
        : null,
  };
}

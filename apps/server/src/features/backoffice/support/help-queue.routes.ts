import {
  AppError,
  HELP_REQUEST_STATUSES,
  HELP_SUBJECTS,
  HELP_TEXT_MAX_LENGTH,
  LOCALES,
  MOVEMENT_STATUSES,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { findHelpRequest, listHelpRequests } from './help-queue.repository.ts';
import { answerHelpRequest, closeHelpRequest } from './help-queue.service.ts';

const tags = ['back office'];

// The help requests people send from the app's "Sipò" screen: support (and admin) read them,
// answer them — the person reads the answer on WhatsApp and in the app — and close them.
const SUPPORT_ROLES = ['support', 'admin'] as const;

const params = z.object({ id: z.string().max(100) });

const queueSchema = z.object({
  total: z.int(),
  pedidos: z.array(
    z.object({
      id: z.uuid(),
      assunto: z.enum(HELP_SUBJECTS),
      texto: z.string(),
      status: z.enum(HELP_REQUEST_STATUSES),
      criado_em: z.date(),
      usuario_id: z.uuid(),
      nome_completo: z.string(),
      telefone: z.string(),
      congelado: z.boolean(),
    }),
  ),
});

const detailSchema = z.object({
  pedido: z.object({
    id: z.uuid(),
    assunto: z.enum(HELP_SUBJECTS),
    texto: z.string(),
    status: z.enum(HELP_REQUEST_STATUSES),
    resposta: z.string().nullable(),
    criado_em: z.date(),
    respondido_em: z.date().nullable(),
    respondido_por_nome: z.string().nullable(),
    fechado_em: z.date().nullable(),
    fechado_por_nome: z.string().nullable(),
    usuario: z.object({
      id: z.uuid(),
      nome_completo: z.string(),
      email: z.string(),
      telefone: z.string(),
      idioma: z.enum(LOCALES),
      congelado: z.boolean(),
    }),
    movimentacao: z
      .object({
        id: z.uuid(),
        tipo: z.string(),
        status: z.enum(MOVEMENT_STATUSES),
        quantidade_centis: z.number(),
        criado_em: z.date(),
      })
      .nullable(),
  }),
});

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
        tags,
        summary: 'Help requests in one state (aberto by default): waiting ones oldest first',
        querystring: z.object({ status: z.enum(HELP_REQUEST_STATUSES).default('aberto') }),
        response: { 200: queueSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listHelpRequests(database.db, request.query.status);
      return {
        total,
        pedidos: rows.map(({ congelado_em, ...row }) => ({ ...row, congelado: congelado_em !== null })),
      };
    },
  );

  app.get(
    '/support/requests/:id',
    { ...guard, schema: { tags, params, response: { 200: detailSchema } } },
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
        tags,
        params,
        description: 'The answer goes to the person on WhatsApp, in their language, and shows in the app.',
        body: answerBody,
        response: { 200: detailSchema },
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
    { ...guard, schema: { tags, params, body: closeBody, response: { 200: detailSchema } } },
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
      congelado: row.congelado_em !== null,
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

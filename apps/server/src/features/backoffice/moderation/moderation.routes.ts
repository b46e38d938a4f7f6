import { AppError } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../lib/ids.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { findCompany, findProduct, productsOf, searchCompanies } from './moderation.repository.ts';
import { type CompanyAction, changeCompanyStatus, changeProductStatus } from './moderation.service.ts';

const tags = ['back office'];

// Moderation of companies and products: support, compliance and admin.
const MODERATION_ROLES = ['support', 'compliance', 'admin'] as const;

const companySchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  descricao: z.string(),
  categoria: z.string(),
  status: z.enum(['ATIVA', 'INATIVA', 'SUSPENSA']),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  created_at: z.date(),
  dono_id: z.uuid(),
  dono_nome: z.string(),
  dono_email: z.string(),
  compras_pendentes: z.int(),
});

const productSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  preco_centis: z.int(),
  estoque: z.int().nullable(),
  estoque_reservado: z.int(),
  status: z.enum(['ATIVO', 'INATIVO', 'ESGOTADO']),
  created_at: z.date(),
});

const resultSchema = z.object({
  status: z.string(),
  status_anterior: z.string(),
  compras_anuladas: z.int(),
});

const params = z.object({ id: z.string() });
const reasonBody = z.object({ motivo: z.string().max(500).nullish() }).nullish();

function idOf(request: { params: { id: string } }, notFound: 'company_not_found' | 'product_not_found') {
  if (!isUuid(request.params.id)) throw new AppError(notFound);
  return request.params.id;
}

function reasonOf(body: { motivo?: string | null | undefined } | null | undefined): string {
  const motivo = body?.motivo?.trim();
  if (!motivo) throw new AppError('reason_required');
  return motivo;
}

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;
  const guard = operatorOnly(app, MODERATION_ROLES);

  app.get(
    '/companies',
    {
      ...guard,
      schema: {
        tags,
        summary: 'Companies of every status by name or by their owner’s name or e-mail',
        querystring: z.object({
          q: z.string().max(100).default(''),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: z.object({ items: z.array(companySchema) }) },
      },
    },
    async (request) => ({ items: await searchCompanies(database.db, request.query.q, request.query.limit) }),
  );

  app.get(
    '/companies/:id',
    {
      ...guard,
      schema: {
        tags,
        params,
        response: { 200: z.object({ empresa: companySchema, produtos: z.array(productSchema) }) },
      },
    },
    async (request) => {
      const id = idOf(request, 'company_not_found');
      const empresa = await findCompany(database.db, id);
      if (!empresa) throw new AppError('company_not_found');
      return { empresa, produtos: await productsOf(database.db, id) };
    },
  );

  const companyActions: CompanyAction[] = ['suspend', 'reactivate', 'deactivate'];
  for (const action of companyActions) {
    app.post(
      `/companies/:id/${action}`,
      {
        ...guard,
        schema: {
          tags,
          params,
          description:
            'The reason (motivo) is required (422 reason_required) and goes to the owner on WhatsApp. ' +
            'Suspending or deactivating voids every purchase still waiting for its code.',
          body: reasonBody,
          response: { 200: resultSchema },
        },
      },
      async (request) => {
        const result = await changeCompanyStatus(app.deps, {
          companyId: idOf(request, 'company_not_found'),
          action,
          operator: operatorOf(request),
          motivo: reasonOf(request.body),
        });
        return {
          status: result.depois,
          status_anterior: result.antes,
          compras_anuladas: result.vendas_anuladas.length,
        };
      },
    );
  }

  for (const action of ['deactivate', 'reactivate'] as const) {
    app.post(
      `/products/:id/${action}`,
      {
        ...guard,
        schema: { tags, params, body: reasonBody, response: { 200: resultSchema } },
      },
      async (request) => {
        const id = idOf(request, 'product_not_found');
        if (!(await findProduct(database.db, id))) throw new AppError('product_not_found');
        const result = await changeProductStatus(app.deps, {
          productId: id,
          active: action === 'reactivate',
          operator: operatorOf(request),
          motivo: reasonOf(request.body),
        });
        return {
          status: result.depois,
          status_anterior: result.antes,
          compras_anuladas: result.vendas_anuladas.length,
        };
      },
    );
  }
};

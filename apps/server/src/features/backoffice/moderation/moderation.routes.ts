import {
  AppError,
  adminCompanyListSchema,
  adminCompanyPageSchema,
  adminModerationResultSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isUuid } from '../../../lib/ids.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { findCompany, findProduct, productsOf, searchCompanies } from './moderation.repository.ts';
import { type CompanyAction, changeCompanyStatus, changeProductStatus } from './moderation.service.ts';

const tags = ['backoffice'];

// Moderation of companies and products: support, compliance and admin.
const MODERATION_ROLES = ['support', 'compliance', 'admin'] as const;

const params = z.object({ id: z.string() });
const reasonBody = z.object({ motivo: z.string().max(500).nullish() }).nullish();

const COMPANY_OPERATIONS: Record<CompanyAction, { operationId: string; summary: string }> = {
  suspend: {
    operationId: 'adminSuspendCompany',
    summary: 'Suspends a company: it sells nothing until reactivated',
  },
  reactivate: { operationId: 'adminReactivateCompany', summary: 'Reactivates a suspended or closed company' },
  deactivate: { operationId: 'adminDeactivateCompany', summary: 'Closes a company' },
};

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
        operationId: 'adminSearchCompanies',
        summary: 'Companies of every status by name or by their owner’s name or e-mail',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: z.object({
          q: z.string().max(100).default(''),
          limit: z.coerce.number().int().min(1).max(100).default(50),
        }),
        response: { 200: adminCompanyListSchema },
      },
    },
    async (request) => ({ items: await searchCompanies(database.db, request.query.q, request.query.limit) }),
  );

  app.get(
    '/companies/:id',
    {
      ...guard,
      schema: {
        operationId: 'adminGetCompany',
        summary: 'A company with its owner and its products',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'company_not_found'],
        params,
        response: { 200: adminCompanyPageSchema },
      },
    },
    async (request) => {
      const id = idOf(request, 'company_not_found');
      const empresa = await findCompany(database.db, id);
      if (!empresa) throw new AppError('company_not_found');
      return { empresa, produtos: await productsOf(database.db, id) };
    },
  );

  for (const action of ['suspend', 'reactivate', 'deactivate'] as const satisfies CompanyAction[]) {
    const { operationId, summary } = COMPANY_OPERATIONS[action];
    app.post(
      `/companies/:id/${action}`,
      {
        ...guard,
        schema: {
          operationId,
          summary,
          description:
            'The reason (motivo) is required (422 reason_required) and goes to the owner on WhatsApp. ' +
            'Suspending or deactivating voids every purchase still waiting for its code.',
          tags,
          security: OPERATOR_SESSION,
          errors: ['forbidden', 'company_not_found'],
          params,
          body: reasonBody,
          response: { 200: adminModerationResultSchema },
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
        schema: {
          operationId: action === 'deactivate' ? 'adminDeactivateProduct' : 'adminReactivateProduct',
          summary:
            action === 'deactivate'
              ? 'Takes a product off the marketplace, voiding the purchases waiting for their code'
              : 'Puts a product back on the marketplace (sold out if no stock is left)',
          description:
            'The reason (motivo) is required (422 reason_required) and goes to the owner on WhatsApp.',
          tags,
          security: OPERATOR_SESSION,
          errors: ['forbidden', 'product_not_found'],
          params,
          body: reasonBody,
          response: { 200: adminModerationResultSchema },
        },
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

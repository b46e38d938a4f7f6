import {
  companyCreateSchema,
  companyListSchema,
  companySchema,
  pageQuerySchema,
  productCreateSchema,
  productDetailSchema,
  productListSchema,
  productSchema,
  saleListSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { idParams } from '../../lib/route-schemas.ts';
import {
  createCompany,
  createProduct,
  getOwnCompany,
  getVisibleCompany,
  getVisibleProduct,
  listCompanies,
  listCompanyProducts,
  listOwnCompanySales,
} from './marketplace.service.ts';

const tags = ['marketplace'];
// Ids are checked in the service (a malformed one is simply not found: 404, not 422).

// Every marketplace route needs a signed-in user: is_owner and the one-company rule depend on who
// asks. Request bodies go through the domain schemas, which drop unknown keys, so a body cannot
// set responsavel_id, empresa_id or status.
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);

  app.get(
    '/api/companies',
    { onRequest, schema: { tags, querystring: pageQuerySchema, response: { 200: companyListSchema } } },
    async (request) => listCompanies(db, { viewerId: userIdOf(request), page: request.query }),
  );

  app.post(
    '/api/companies',
    { onRequest, schema: { tags, body: companyCreateSchema, response: { 201: companySchema } } },
    async (request, reply) => {
      const company = await createCompany(db, { ownerId: userIdOf(request), input: request.body });
      return reply.status(201).send(company);
    },
  );

  app.get(
    '/api/companies/mine',
    { onRequest, schema: { tags, response: { 200: companySchema } } },
    async (request) => getOwnCompany(db, userIdOf(request)),
  );

  app.get(
    '/api/companies/:id',
    { onRequest, schema: { tags, params: idParams, response: { 200: companySchema } } },
    async (request) => getVisibleCompany(db, { companyId: request.params.id, viewerId: userIdOf(request) }),
  );

  app.get(
    '/api/companies/:id/products',
    {
      onRequest,
      schema: { tags, params: idParams, querystring: pageQuerySchema, response: { 200: productListSchema } },
    },
    async (request) =>
      listCompanyProducts(db, {
        companyId: request.params.id,
        viewerId: userIdOf(request),
        page: request.query,
      }),
  );

  app.post(
    '/api/companies/:id/products',
    {
      onRequest,
      schema: { tags, params: idParams, body: productCreateSchema, response: { 201: productSchema } },
    },
    async (request, reply) => {
      const product = await createProduct(db, {
        companyId: request.params.id,
        ownerId: userIdOf(request),
        input: request.body,
      });
      return reply.status(201).send(product);
    },
  );

  app.get(
    '/api/products/:id',
    { onRequest, schema: { tags, params: idParams, response: { 200: productDetailSchema } } },
    async (request) => getVisibleProduct(db, { productId: request.params.id, viewerId: userIdOf(request) }),
  );

  app.get(
    '/api/companies/:id/sales',
    {
      onRequest,
      schema: { tags, params: idParams, querystring: pageQuerySchema, response: { 200: saleListSchema } },
    },
    async (request) =>
      listOwnCompanySales(db, {
        companyId: request.params.id,
        viewerId: userIdOf(request),
        page: request.query,
      }),
  );
};

import {
  companyCreateSchema,
  companyPageSchema,
  companySchema,
  pageQuerySchema,
  productCreateSchema,
  productDetailSchema,
  productPageSchema,
  productSchema,
  salePageSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { BEARER } from '../../lib/openapi.ts';
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
const security = BEARER;
// Ids are checked in the service (a malformed one is simply not found: 404, not 422).

// Every marketplace route needs a signed-in user: is_owner and the one-company rule depend on who
// asks. Request bodies go through the domain schemas, which drop unknown keys, so a body cannot
// set responsavel_id, empresa_id or status.
export const marketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;
  const onRequest = authenticate(app);

  app.get(
    '/api/companies',
    {
      onRequest,
      schema: {
        operationId: 'listCompanies',
        summary: 'A page of the active businesses, newest first',
        tags,
        security,
        querystring: pageQuerySchema,
        response: { 200: companyPageSchema },
      },
    },
    async (request) => listCompanies(db, { viewerId: userIdOf(request), page: request.query }),
  );

  app.post(
    '/api/companies',
    {
      onRequest,
      schema: {
        operationId: 'createCompany',
        summary: "Creates the caller's business (one per person)",
        tags,
        security,
        errors: ['account_frozen', 'company_already_exists'],
        body: companyCreateSchema,
        response: { 201: companySchema },
      },
    },
    async (request, reply) => {
      const company = await createCompany(db, { ownerId: userIdOf(request), input: request.body });
      return reply.status(201).send(company);
    },
  );

  app.get(
    '/api/companies/mine',
    {
      onRequest,
      schema: {
        operationId: 'getMyCompany',
        summary: "The caller's own business, whatever its status",
        tags,
        security,
        errors: ['company_not_found'],
        response: { 200: companySchema },
      },
    },
    async (request) => getOwnCompany(db, userIdOf(request)),
  );

  app.get(
    '/api/companies/:id',
    {
      onRequest,
      schema: {
        operationId: 'getCompany',
        summary: 'An active business',
        tags,
        security,
        errors: ['company_not_found'],
        params: idParams,
        response: { 200: companySchema },
      },
    },
    async (request) => getVisibleCompany(db, { companyId: request.params.id, viewerId: userIdOf(request) }),
  );

  app.get(
    '/api/companies/:id/products',
    {
      onRequest,
      schema: {
        operationId: 'listCompanyProducts',
        summary: "A page of an active business's active products and services, newest first",
        tags,
        security,
        errors: ['company_not_found'],
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: productPageSchema },
      },
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
      schema: {
        operationId: 'createProduct',
        summary: "Adds a product or service to the caller's active business",
        tags,
        security,
        errors: ['account_frozen', 'company_not_found', 'forbidden'],
        params: idParams,
        body: productCreateSchema,
        response: { 201: productSchema },
      },
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
    {
      onRequest,
      schema: {
        operationId: 'getProduct',
        summary: 'An active product with what its purchase page needs of its business',
        tags,
        security,
        errors: ['product_not_found'],
        params: idParams,
        response: { 200: productDetailSchema },
      },
    },
    async (request) => getVisibleProduct(db, { productId: request.params.id, viewerId: userIdOf(request) }),
  );

  app.get(
    '/api/companies/:id/sales',
    {
      onRequest,
      schema: {
        operationId: 'listCompanySales',
        summary: "A page of the caller's business's sales, newest first (its owner only)",
        tags,
        security,
        errors: ['company_not_found', 'forbidden'],
        params: idParams,
        querystring: pageQuerySchema,
        response: { 200: salePageSchema },
      },
    },
    async (request) =>
      listOwnCompanySales(db, {
        companyId: request.params.id,
        viewerId: userIdOf(request),
        page: request.query,
      }),
  );
};

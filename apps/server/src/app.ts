import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { devOutboxRoutes } from './features/messaging/dev-outbox.routes.ts';
import { webAppRoutes } from './features/web/web-app.routes.ts';
import { registerErrorHandler } from './lib/error-handler.ts';
import { loggerOptions } from './lib/logger.ts';

export type AppDeps = { config: Config; database: Database };

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole app without listening: main.ts listens, tests call `app.inject`. */
export async function buildApp(deps: AppDeps, options: FastifyServerOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.config.isProduction,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(helmet, { contentSecurityPolicy: { directives: cspDirectives(deps.config) } });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  // Development pages expose codes and links: they never exist in production.
  if (!deps.config.isProduction) await app.register(devOutboxRoutes);
  await app.register(webAppRoutes);
  return app;
}

// Scripts only from our own origin, never inline; styles allow inline because the toast library
// injects its stylesheet at run time (docs/decisions.md).
function cspDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.isProduction ? [] : null,
  };
}

async function registerOpenApi(app: AppInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'KreyolCash API', version: '1.0.0', description: 'Wallet and marketplace API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { IMAGE_UPLOAD_MAX_BYTES } from '@kreyolcash/domain';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps, AppInstance } from './app-deps.ts';
import { createReadRouting, registerReadYourWrites } from './db/read-routing.ts';
import { LedgerEvents } from './events/ledger-events.ts';
import { accountRoutes } from './features/account/account.routes.ts';
import { limitsRoutes } from './features/account/limits.routes.ts';
import { meRoutes } from './features/account/me.routes.ts';
import { selfFreezeRoutes } from './features/account/self-freeze.routes.ts';
import { agentsRoutes } from './features/agents/agents.routes.ts';
import { backofficeRoutes } from './features/backoffice/backoffice.routes.ts';
import { devOutboxRoutes } from './features/dev-outbox/dev-outbox.routes.ts';
import { feesRoutes } from './features/fees/fees.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { marketplaceRoutes } from './features/marketplace/marketplace.routes.ts';
import { createMetrics, registerMetrics } from './features/metrics/metrics.ts';
import { phoneChangeRoutes } from './features/profile/phone-change.routes.ts';
import { phoneProofRoutes } from './features/profile/phone-proof.routes.ts';
import { profileRoutes } from './features/profile/profile.routes.ts';
import { purchasesRoutes } from './features/purchases/purchases.routes.ts';
import { realtimeRoutes } from './features/realtime/realtime.routes.ts';
import { referralIdentityHooks } from './features/referrals/identity-hooks.ts';
import { referralsRoutes } from './features/referrals/referrals.routes.ts';
import { supportRoutes } from './features/support/support.routes.ts';
import { transfersRoutes } from './features/transfers/transfers.routes.ts';
import { walletRoutes } from './features/wallet/wallet.routes.ts';
import { webAppRoutes } from './features/web/web-app.routes.ts';
import { refuseMalformedUrl, registerErrorHandler } from './lib/error-handler.ts';
import { loggerOptions } from './lib/logger.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { echoRequestId, requestIdOf } from './lib/request-id.ts';
import { registerSecurityHeaders } from './lib/security-headers.ts';

// The app's types live in the kernel (app-deps.ts), so that features never import this file;
// entry points and tests keep importing them from here.
export type { AppDeps, AppInstance } from './app-deps.ts';

const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the whole app without listening: main.ts listens, tests call `app.inject`. */
export async function buildApp(
  given: Omit<AppDeps, 'events' | 'ledgerObserver' | 'identityHooks' | 'reads' | 'lifecycle'>,
  options: FastifyServerOptions = {},
): Promise<AppInstance> {
  const events = new LedgerEvents(given.database);
  const metrics = createMetrics({ processMetrics: given.config.env !== 'test' });
  const deps: AppDeps = {
    ...given,
    events,
    ledgerObserver: metrics.ledgerObserver,
    identityHooks: referralIdentityHooks,
    reads: createReadRouting(given.database, metrics.readObserver),
    lifecycle: { draining: false },
  };
  const app = Fastify({
    logger: loggerOptions(deps.config.logLevel),
    // Every log line of a request carries its id (reqId), echoed in X-Request-Id.
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT_BYTES,
    // X-Forwarded-For is believed only from the configured proxies (none by default).
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    frameworkErrors: refuseMalformedUrl,
    ...options,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('deps', deps);
  await events.start();
  app.addHook('onClose', async () => events.stop());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  echoRequestId(app);
  registerMetrics(app, metrics);

  await registerSecurityHeaders(app, deps.config);
  await app.register(cookie);
  registerReadYourWrites(app, { database: deps.database, secureCookies: deps.config.isProduction });
  // Two photos at sign-up; one byte over the limit is enough to refuse a file.
  await app.register(multipart, {
    limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 2, fields: 20, parts: 24 },
  });
  await registerOpenApi(app, deps.config);

  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(meRoutes);
  await app.register(walletRoutes);
  await app.register(marketplaceRoutes);
  await app.register(transfersRoutes);
  await app.register(realtimeRoutes);
  await app.register(purchasesRoutes);
  await app.register(profileRoutes);
  await app.register(phoneChangeRoutes);
  await app.register(phoneProofRoutes);
  await app.register(referralsRoutes);
  await app.register(limitsRoutes);
  await app.register(selfFreezeRoutes);
  await app.register(supportRoutes);
  // Agents exist only with AGENTS_ENABLED: off, none of their routes is served or documented.
  if (deps.config.agentsEnabled) await app.register(agentsRoutes);
  if (deps.config.agentsEnabled) await app.register(feesRoutes);
  await app.register(backofficeRoutes, { prefix: '/api/admin' });
  // Development pages expose codes and links: they never exist in production.
  if (!deps.config.isProduction) await app.register(devOutboxRoutes);
  await app.register(webAppRoutes);
  return app;
}

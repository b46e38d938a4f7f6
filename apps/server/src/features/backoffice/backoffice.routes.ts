import { AppError } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adjustmentsRoutes } from './adjustments/adjustments.routes.ts';
import { agentsRoutes } from './agents/agents.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { feesAdminRoutes } from './fees/fees.routes.ts';
import { floatsRoutes } from './floats/floats.routes.ts';
import { kycRoutes } from './kyc/kyc.routes.ts';
import { ledgerPanelRoutes } from './ledger-panel/ledger-panel.routes.ts';
import { moderationRoutes } from './moderation/moderation.routes.ts';
import { operatorRouteTable } from './operators/operator-auth.ts';
import { operatorSessionRoutes } from './operators/operator-session.routes.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { helpQueueRoutes } from './support/help-queue.routes.ts';
import { freezeRoutes } from './users/freeze.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { reportsRoutes } from './wrong-person-reports/wrong-person-reports.routes.ts';

// The back office's API, all under /api/admin. Each area registers its own routes; every route
// must declare the operator roles it admits (or be the public sign-in), or the app does not start.
export const backofficeRoutes: FastifyPluginAsyncZod = async (app) => {
  const table = operatorRouteTable(app);
  app.addHook('onRoute', (route) => {
    const roles = route.config?.operatorRoles;
    if (!roles && !route.config?.operatorPublic) {
      throw new Error(`back-office route ${route.method} ${route.url} declares no operator roles`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, roles: roles ?? 'public' });
    }
  });
  // Operators type reasons, references and searches: a NUL, which PostgreSQL cannot store, is
  // refused on every back-office route before the route's own schema sees it.
  app.addHook('preValidation', async (request) => {
    if ([request.body, request.query, request.params].some(holdsNul)) {
      throw new AppError('validation_error', { message: 'a NUL character cannot be stored' });
    }
  });
  await app.register(operatorSessionRoutes);
  await app.register(adjustmentsRoutes);
  await app.register(moderationRoutes);
  await app.register(reportsRoutes);
  await app.register(freezeRoutes);
  await app.register(usersRoutes);
  await app.register(ledgerPanelRoutes);
  await app.register(auditRoutes);
  await app.register(kycRoutes);
  await app.register(helpQueueRoutes);
  if (app.deps.config.agentsEnabled) await app.register(agentsRoutes);
  if (app.deps.config.agentsEnabled) await app.register(feesAdminRoutes);
  if (app.deps.config.agentsEnabled) await app.register(floatsRoutes);
  if (app.deps.config.agentsEnabled) await app.register(reconciliationRoutes);
};

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.values(value).some(holdsNul);
  return false;
}

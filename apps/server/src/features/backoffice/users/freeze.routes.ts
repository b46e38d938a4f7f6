import { freezeStateSchema } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  freezeAccount,
  knownUserId,
  requiredFreezeCategory,
  requiredReason,
  requiredUnfreezeCategory,
  unfreezeAccount,
} from '../../../identity/freeze.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';

const tags = ['backoffice'];

const params = z.object({ id: z.string().max(100) });
// categoria: one of FREEZE_CATEGORIES (freeze) or UNFREEZE_CATEGORIES (unfreeze), which the person
// is told on WhatsApp; motivo: the operator's own words, for the audit trail only.
const body = z.object({ motivo: z.string().max(500).optional(), categoria: z.string().max(50).optional() });

// Operators freeze an account (support, compliance, admin) and unfreeze it (support only: they
// check the person's identity first), always with a category the person is told and a reason that
// goes into the audit trail.
export const freezeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database } = app.deps;

  app.post(
    '/users/:id/freeze',
    {
      ...operatorOnly(app, ['support', 'compliance', 'admin']),
      schema: {
        operationId: 'adminFreezeAccount',
        summary: "Freezes a user's account: no money leaves it until support unfreezes it",
        description:
          'categoria (one of FREEZE_CATEGORIES, 422 freeze_category_required) is sent to the person ' +
          'on WhatsApp; motivo (422 reason_required) stays in the audit trail.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'user_not_found', 'account_already_frozen'],
        params,
        body,
        response: { 200: freezeStateSchema },
      },
    },
    async (request) =>
      freezeAccount(database.db, {
        userId: knownUserId(request.params.id),
        actor: { operator: operatorOf(request), category: requiredFreezeCategory(request.body?.categoria) },
        reason: requiredReason(request.body?.motivo),
      }),
  );

  app.post(
    '/users/:id/unfreeze',
    {
      ...operatorOnly(app, ['support']),
      schema: {
        operationId: 'adminUnfreezeAccount',
        summary: "Unfreezes a user's account, once support has checked who is asking",
        description:
          'categoria (one of UNFREEZE_CATEGORIES, 422 freeze_category_required) is sent to the ' +
          'person on WhatsApp; motivo (422 reason_required) stays in the audit trail.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden', 'user_not_found', 'account_not_frozen'],
        params,
        body,
        response: { 200: freezeStateSchema },
      },
    },
    async (request) =>
      unfreezeAccount(database.db, {
        userId: knownUserId(request.params.id),
        operator: operatorOf(request),
        category: requiredUnfreezeCategory(request.body?.categoria),
        reason: requiredReason(request.body?.motivo),
      }),
  );
};

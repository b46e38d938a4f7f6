import {
  inviterSchema,
  pageQuerySchema,
  referralItemSchema,
  referralPageSchema,
  referralSchema,
} from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, userIdOf } from '../../identity/authenticate.ts';
import { BEARER, PUBLIC } from '../../lib/openapi.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import { getReferralPage, invite, inviterOf } from './referrals.service.ts';

const tags = ['referrals'];

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database } = app.deps;
  const onRequest = authenticate(app);

  app.post(
    '/api/referrals',
    {
      onRequest,
      schema: {
        operationId: 'inviteFriend',
        summary: 'Invites a friend over WhatsApp with the caller’s sign-up link',
        tags,
        security: BEARER,
        // Besides these: referral_self (422, on telefone).
        errors: ['account_frozen', 'phone_not_verified', 'referral_already_registered', 'rate_limited'],
        body: referralSchema,
        response: { 201: referralItemSchema },
      },
    },
    async (request, reply) => {
      const inviterId = userIdOf(request);
      await limitBy(app, request, 'referral', [`user:${inviterId}`]);
      return reply.status(201).send(await invite(app.deps, { inviterId, body: request.body }));
    },
  );

  // Public: the sign-up page opened from an invitation link says who invited the friend.
  app.get(
    '/api/referrals/inviter/:code',
    {
      schema: {
        operationId: 'getInviter',
        summary: 'The first name of the inviter whose referral code this is (public, rate limited per IP)',
        description:
          'Only the first name of an active account, nothing else of them; 404 not_found for a code ' +
          'that is malformed, unknown or not an active account’s.',
        tags,
        security: PUBLIC,
        errors: ['not_found', 'rate_limited'],
        params: z.object({ code: z.string() }),
        response: { 200: inviterSchema },
      },
    },
    async (request) => {
      await limitBy(app, request, 'inviter', [`ip:${request.ip}`]);
      return inviterOf(database.db, request.params.code);
    },
  );

  app.get(
    '/api/referrals',
    {
      onRequest,
      schema: {
        operationId: 'listReferrals',
        summary: 'The caller’s referral code and link, the month’s bonuses, and a page of invitations',
        tags,
        security: BEARER,
        querystring: pageQuerySchema,
        response: { 200: referralPageSchema },
      },
    },
    async (request) =>
      getReferralPage(database.db, config, { inviterId: userIdOf(request), ...request.query }),
  );
};

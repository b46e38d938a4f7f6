import {
  AppError,
  confirmEmailSchema,
  emailOnlySchema,
  loginSchema,
  nifAvailabilitySchema,
  nifAvailableQuerySchema,
  okSchema,
  refreshedSessionSchema,
  resetPasswordSchema,
  sessionSchema,
  signedUpSchema,
  signupSchema,
} from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { endSessionByRefreshToken, rotateSession } from '../../identity/sessions.service.ts';
import { presentMe } from '../../identity/user-presenter.ts';
import { isDocumentTaken } from '../../identity/users.repository.ts';
import { afterResponse, afterResponseHook } from '../../lib/after-response.ts';
import { PUBLIC } from '../../lib/openapi.ts';
import { limitBy } from '../../lib/rate-limit-rules.ts';
import {
  confirmEmail,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
} from './email-links.service.ts';
import { logIn } from './login.service.ts';
import { clearRefreshCookie, refreshTokenOf, sessionBody, setRefreshCookie } from './session-cookie.ts';
import { type SignupRequest, signUp } from './signup.service.ts';
import { rememberDevice, trustedDeviceFor } from './trusted-device.ts';

const tags = ['account'];
// The refresh token travels only in its httpOnly cookie (kc_refresh, path /api/auth): refresh and
// logout take no bearer token, so they are declared public and say so.
const REFRESH_COOKIE_NOTE = 'The session is the refresh cookie (kc_refresh, httpOnly), not a bearer token.';
// A bodiless answer (204).
const noContent = z.null();

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, events } = app.deps;
  const db = database.db;

  app.get(
    '/api/auth/nif-available',
    {
      schema: {
        operationId: 'getNifAvailability',
        summary: 'Whether no account uses this NIF yet (the sign-up checks again)',
        tags,
        security: PUBLIC,
        errors: ['rate_limited'],
        querystring: nifAvailableQuerySchema,
        response: { 200: nifAvailabilitySchema },
      },
    },
    async (request) => {
      await limitBy(app, request, 'nif', [`ip:${request.ip}`]);
      return { available: !(await isDocumentTaken(db, request.query.documento)) };
    },
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an account: the fields and both photos in one multipart form',
        tags,
        security: PUBLIC,
        // A multipart body is read by the route, not by a schema: its refusals are listed here.
        errors: [
          'bad_request',
          'email_already_exists',
          'nif_already_exists',
          'phone_already_exists',
          'image_too_large',
          'validation_error',
          'document_photo_required',
          'profile_photo_required',
          'image_invalid_type',
          'rate_limited',
        ],
        form: { fields: signupSchema, files: ['document_photo', 'profile_photo'] },
        description:
          'Fields nome_completo, documento, email, telefone, data_nascimento, sexo, password, the files ' +
          'document_photo and profile_photo, and optionally codigo_indicacao and idioma (the language of ' +
          "the person's messages and e-mails: ht, pt-BR, fr or en; ht when absent, 422 invalid_language " +
          'for anything else). A field refused is 422 validation_error with `fields` naming each.',
        response: { 201: signedUpSchema },
      },
    },
    async (request, reply) => {
      await limitBy(app, request, 'signup', [`ip:${request.ip}`]);
      const user = await signUp(app.deps, await readSignupForm(request));
      return reply.status(201).send({ user: { id: user.id, email: user.email } });
    },
  );

  app.post(
    '/api/auth/confirm-email',
    {
      schema: {
        operationId: 'confirmEmail',
        summary: "Confirm the account's e-mail with the link's token",
        tags,
        security: PUBLIC,
        errors: ['invalid_confirmation_link', 'rate_limited'],
        body: confirmEmailSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await limitBy(app, request, 'confirm', [`ip:${request.ip}`]);
      await confirmEmail(db, app.deps.identityHooks, request.body.token);
      return { ok: true as const };
    },
  );

  // An e-mail link sent on request (the confirmation again, a password reset): the answer goes at
  // once and the work after it, so a registered e-mail does not answer slower than an unknown one.
  const onResponse = afterResponseHook(app);
  const emailLinkRoute = (
    url: string,
    operation: { operationId: string; summary: string },
    send: (db: Kysely<DB>, config: Config, email: string) => Promise<void>,
  ) =>
    app.post(
      url,
      {
        schema: {
          ...operation,
          tags,
          security: PUBLIC,
          errors: ['rate_limited'],
          body: emailOnlySchema,
          response: { 202: okSchema },
        },
        onResponse,
      },
      async (request, reply) => {
        await limitBy(app, request, 'email', [`ip:${request.ip}`, `email:${request.body.email}`]);
        afterResponse(request, () => send(db, config, request.body.email));
        return reply.status(202).send({ ok: true });
      },
    );

  emailLinkRoute(
    '/api/auth/resend-confirmation',
    {
      operationId: 'resendConfirmation',
      summary: 'Send the confirmation e-mail again (the same answer for any address)',
    },
    resendConfirmation,
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        operationId: 'logIn',
        summary: 'Sign in: a new session, its refresh token in an httpOnly cookie',
        tags,
        security: PUBLIC,
        errors: ['invalid_credentials', 'email_not_confirmed', 'account_blocked', 'rate_limited'],
        body: loginSchema,
        response: { 200: sessionSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const device = trustedDeviceFor(request, config.jwtSecret, email);
      const keys = device
        ? [`device:${device}|${email}`]
        : [`ip:${request.ip}`, `account-ip:${email}|${request.ip}`, `account:${email}`];
      await limitBy(app, request, 'login', keys);
      const { user, tokens } = await logIn(db, config.jwtSecret, request.body);
      rememberDevice(reply, request, config, email);
      setRefreshCookie(reply, config, tokens.refreshToken);
      return { ...sessionBody(tokens), user: presentMe(user) };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        operationId: 'refreshSession',
        summary: "The session's next access token, for its refresh cookie (which rotates)",
        description: REFRESH_COOKIE_NOTE,
        tags,
        security: PUBLIC,
        errors: ['session_expired'],
        response: { 200: refreshedSessionSchema },
      },
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request);
      if (!refreshToken) throw new AppError('session_expired', { message: 'no refresh cookie' });
      try {
        const tokens = await rotateSession(db, config.jwtSecret, refreshToken, (sessionId) =>
          events.hub.endSession(sessionId),
        );
        setRefreshCookie(reply, config, tokens.refreshToken);
        return { ...sessionBody(tokens), user_id: tokens.userId };
      } catch (error) {
        clearRefreshCookie(reply, config);
        throw error;
      }
    },
  );

  app.post(
    '/api/auth/logout',
    {
      schema: {
        operationId: 'logOut',
        summary: "End the session of the refresh cookie, and the browser's cached reads",
        description: REFRESH_COOKIE_NOTE,
        tags,
        security: PUBLIC,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      const refreshToken = refreshTokenOf(request);
      const sessionId = refreshToken ? await endSessionByRefreshToken(db, refreshToken) : undefined;
      // Open event streams of this session end now, not at the token's expiry.
      if (sessionId) events.hub.endSession(sessionId);
      clearRefreshCookie(reply, config);
      // The person's own reads stay in the browser's HTTP cache for revalidation
      // (lib/private-revalidation.ts): on a shared phone, logging out forgets them.
      return reply.status(204).header('clear-site-data', '"cache"').send(null);
    },
  );

  emailLinkRoute(
    '/api/auth/forgot-password',
    {
      operationId: 'requestPasswordReset',
      summary: 'E-mail a password reset link (the same answer for any address)',
    },
    requestPasswordReset,
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        summary: "Set a new password with the reset link's tokens; every session ends",
        tags,
        security: PUBLIC,
        errors: ['invalid_reset_link', 'rate_limited'],
        body: resetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await limitBy(app, request, 'confirm', [`ip:${request.ip}`]);
      const { access_token, refresh_token, password } = request.body;
      const userId = await resetPassword(db, {
        accessToken: access_token,
        refreshToken: refresh_token,
        password,
      });
      events.hub.endUser(userId);
      return { ok: true as const };
    },
  );
};

const PHOTO_FIELDS = ['document_photo', 'profile_photo'] as const;

async function readSignupForm(request: FastifyRequest): Promise<SignupRequest> {
  if (!request.isMultipart()) throw new AppError('bad_request', { message: 'multipart/form-data expected' });
  const fields: Record<string, string> = {};
  const files: Partial<Record<(typeof PHOTO_FIELDS)[number], Buffer>> = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    const name = PHOTO_FIELDS.find((f) => f === part.fieldname);
    if (!name) {
      await part.toBuffer().catch(() => undefined);
      continue;
    }
    files[name] = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('image_too_large', { fields: { [name]: 'image_too_large' } });
      throw error;
    });
  }
  return { fields, documentPhoto: files.document_photo, profilePhoto: files.profile_photo };
}

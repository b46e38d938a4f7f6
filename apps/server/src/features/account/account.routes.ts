import {
  AppError,
  confirmEmailSchema,
  emailOnlySchema,
  loginSchema,
  nifAvailableQuerySchema,
  resetPasswordSchema,
} from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endSessionByRefreshToken, rotateSession } from '../../identity/sessions.service.ts';
import { meSchema, presentMe } from '../../identity/user-presenter.ts';
import { isDocumentTaken } from '../../identity/users.repository.ts';
import { afterResponse, afterResponseHook } from '../../lib/after-response.ts';
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

const sessionSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  user: meSchema,
});
const okSchema = z.object({ ok: z.literal(true) });
const tags = ['auth'];

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, database, events } = app.deps;
  const db = database.db;

  app.get(
    '/api/auth/nif-available',
    {
      schema: {
        tags,
        querystring: nifAvailableQuerySchema,
        response: { 200: z.object({ available: z.boolean() }) },
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
        tags,
        consumes: ['multipart/form-data'],
        description:
          'Fields nome_completo, documento, email, telefone, data_nascimento, sexo, password, the files ' +
          'document_photo and profile_photo, and optionally codigo_indicacao and idioma (the language of ' +
          "the person's messages and e-mails: ht, pt-BR, fr or en; ht when absent, 422 invalid_language " +
          'for anything else).',
        response: { 201: z.object({ user: z.object({ id: z.string(), email: z.string() }) }) },
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
    { schema: { tags, body: confirmEmailSchema, response: { 200: okSchema } } },
    async (request) => {
      await limitBy(app, request, 'confirm', [`ip:${request.ip}`]);
      await confirmEmail(db, app.deps.identityHooks, request.body.token);
      return { ok: true as const };
    },
  );

  // Resend and forgot-password answer at once and do their work after: a registered e-mail must
  // not answer slower than an unknown one.
  const onResponse = afterResponseHook(app);
  app.post(
    '/api/auth/resend-confirmation',
    { schema: { tags, body: emailOnlySchema, response: { 202: okSchema } }, onResponse },
    async (request, reply) => {
      await limitBy(app, request, 'email', [`ip:${request.ip}`, `email:${request.body.email}`]);
      afterResponse(request, () => resendConfirmation(db, config, request.body.email));
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/login',
    { schema: { tags, body: loginSchema, response: { 200: sessionSchema } } },
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
      schema: { tags, response: { 200: sessionSchema.omit({ user: true }).extend({ user_id: z.string() }) } },
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

  app.post('/api/auth/logout', { schema: { tags } }, async (request, reply) => {
    const refreshToken = refreshTokenOf(request);
    const sessionId = refreshToken ? await endSessionByRefreshToken(db, refreshToken) : undefined;
    // Open event streams of this session end now, not at the token's expiry.
    if (sessionId) events.hub.endSession(sessionId);
    clearRefreshCookie(reply, config);
    // The person's own reads stay in the browser's HTTP cache for revalidation
    // (lib/private-revalidation.ts): on a shared phone, logging out forgets them.
    return reply.status(204).header('clear-site-data', '"cache"').send();
  });

  app.post(
    '/api/auth/forgot-password',
    { schema: { tags, body: emailOnlySchema, response: { 202: okSchema } }, onResponse },
    async (request, reply) => {
      await limitBy(app, request, 'email', [`ip:${request.ip}`, `email:${request.body.email}`]);
      afterResponse(request, () => requestPasswordReset(db, config, request.body.email));
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { tags, body: resetPasswordSchema, response: { 200: okSchema } } },
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

import { AppError, adminSessionSchema, loginSchema } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../audit/audit.ts';
import { verifyPassword } from '../../../identity/passwords.ts';
import { deviceTrust } from '../../../lib/device-trust.ts';
import { emptyResponse } from '../../../lib/non-json-responses.ts';
import { OPERATOR_SESSION, PUBLIC } from '../../../lib/openapi.ts';
import { limitBy } from '../../../lib/rate-limit-rules.ts';
import { hashToken, randomToken } from '../../../lib/secure-tokens.ts';
import {
  ANY_OPERATOR,
  clearOperatorCookie,
  operatorOf,
  operatorOnly,
  operatorTokenOf,
  setOperatorCookie,
} from './operator-auth.ts';
import {
  claimTotpStep,
  closeOperatorSession,
  findOperatorByEmail,
  openOperatorSession,
} from './operators.repository.ts';
import { openTotpSecret, totpStepOf } from './totp.ts';

const tags = ['backoffice'];

// Operators sign in as app users do, without lockout by strangers (lib/device-trust.ts): a device
// that completed a sign-in (password and code) counts on its own, the rest by address, by account
// from that address, and on the account's shared allowance.
const operatorDevices = deviceTrust('kc_op_device', '/api/admin/session');

function operatorLoginKeys(request: FastifyRequest, secret: string, email: string): string[] {
  const device = operatorDevices.trustedDeviceFor(request, secret, email);
  if (device) return [`device:${device}|${email}`];
  return [`ip:${request.ip}`, `account-ip:${email}|${request.ip}`, `account:${email}`];
}

// Sign-in needs the password and a fresh code of the authenticator app, every time. Every failure
// (unknown e-mail, wrong password, wrong, old or reused code, disabled operator) is the same
// invalid_credentials, so the answer tells a guesser nothing.
export const operatorSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;

  app.post(
    '/session',
    {
      config: { operatorPublic: true },
      schema: {
        operationId: 'adminSignIn',
        summary: 'Signs an operator in with the password and a fresh authenticator code',
        tags,
        security: PUBLIC,
        errors: ['invalid_credentials', 'rate_limited'],
        body: z.object({
          // The app's e-mail rules: a control character never reaches the database.
          email: loginSchema.shape.email,
          senha: z.string().max(256),
          codigo: z.string().trim().max(10),
        }),
        response: { 200: adminSessionSchema },
      },
    },
    async (request, reply) => {
      const { email, senha, codigo } = request.body;
      await limitBy(app, request, 'operatorLogin', operatorLoginKeys(request, config.jwtSecret, email));
      const operator = await findOperatorByEmail(database.db, email);
      const passwordOk = await verifyPassword(operator?.senha_hash, senha);
      if (!operator || !passwordOk || !operator.ativo) throw new AppError('invalid_credentials');
      const step = totpStepOf(openTotpSecret(operator.totp_segredo, config.jwtSecret), codigo);
      if (step === null || !(await claimTotpStep(database.db, operator.id, step))) {
        throw new AppError('invalid_credentials');
      }
      const token = randomToken();
      await openOperatorSession(database.db, {
        operatorId: operator.id,
        tokenHash: hashToken(token),
        address: request.ip,
      });
      await recordAudit(database.db, {
        operator,
        action: 'operator.sign_in',
        target: { type: 'operator', id: operator.id },
        after: { endereco: request.ip },
      });
      setOperatorCookie(reply, config, token);
      operatorDevices.rememberDevice(reply, request, config, email);
      return {
        operador: { id: operator.id, email: operator.email, nome: operator.nome, papel: operator.papel },
      };
    },
  );

  app.get(
    '/session',
    {
      ...operatorOnly(app, ANY_OPERATOR),
      schema: {
        operationId: 'adminGetSession',
        summary: 'The signed-in operator',
        tags,
        security: OPERATOR_SESSION,
        // A NUL anywhere in the request (here: the query string) is refused on every route.
        errors: ['validation_error'],
        response: { 200: adminSessionSchema },
      },
    },
    async (request) => {
      const { id, email, nome, papel } = operatorOf(request);
      return { operador: { id, email, nome, papel } };
    },
  );

  // Signing out needs no live session: it ends the one the cookie names, if any, and clears it.
  app.delete(
    '/session',
    {
      config: { operatorPublic: true },
      schema: {
        operationId: 'adminSignOut',
        summary: 'Signs the operator out: ends the session and clears its cookie',
        tags,
        security: PUBLIC,
        // A NUL anywhere in the request (here: a body sent anyway, or the query string) is refused on
        // every route.
        errors: ['validation_error'],
        response: { 204: emptyResponse('Signed out (or was not signed in)') },
      },
    },
    async (request, reply) => {
      const token = operatorTokenOf(request);
      if (token) await closeOperatorSession(database.db, hashToken(token));
      clearOperatorCookie(reply, config);
      return reply.code(204).send(null);
    },
  );
};

import { AppError, REALTIME_HEARTBEAT_MS } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../app-deps.ts';
import type { UserEvent } from '../../events/event-hub.ts';
import { type AccessClaims, readAccessToken } from '../../identity/access-token.ts';
import { sessionChecks } from '../../identity/session-checks.ts';
import { findBalance } from '../../ledger/ledger.ts';
import { fileResponse } from '../../lib/non-json-responses.ts';
import { BEARER } from '../../lib/openapi.ts';

/**
 * GET /api/events: a server-sent event stream of the caller's `balance` and `transaction` events.
 * Events come from LedgerEvents, so a client connected to any server process hears about a
 * movement made through any other.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/events',
    {
      schema: {
        operationId: 'streamEvents',
        summary: "Server-sent events of the caller's ledger: balance, transaction",
        description:
          'A text/event-stream that lives as long as the session (logout, a password reset or the ' +
          "token's expiry end it; the client reconnects with a fresh token). `event: balance` " +
          'carries the balance as GET /api/wallet answers it (Wallet), at the start and after each ' +
          'change; `event: transaction` carries the id of a movement that changed ' +
          '(TransactionEvent). A comment line is a heartbeat. EventSource cannot send headers, so ' +
          'the access token may come as `?access_token=` instead of the Authorization header.',
        tags: ['realtime'],
        security: BEARER,
        querystring: z.object({ access_token: z.string().optional() }),
        // The route writes the stream itself (the reply is hijacked): nothing is serialized.
        response: {
          200: fileResponse<never>('The event stream, until the session ends', ['text/event-stream']),
        },
      },
    },
    async (request, reply) => {
      const claims = await streamClaimsOf(app, request);
      const { userId } = claims;
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const sendBalance = async () => {
        const balance = await findBalance(app.deps.database.db, userId).catch(() => undefined);
        if (balance) send('balance', balance);
      };

      const end = endWithSession(app, claims, {
        onEvent: async (event: UserEvent) => {
          send('transaction', { id: event.id });
          await sendBalance();
        },
        heartbeat: () => out.write(': heartbeat\n\n'),
        close: () => out.end(),
      });
      request.raw.on('close', end);
      out.write('retry: 2000\n\n');
      await sendBalance();
    },
  );
};

/**
 * The stream lives no longer than its session: logout, a password reset or a revocation end it (at
 * once in this process, else at the next event or heartbeat), and so does the expiry of the token
 * it was opened with (the client reconnects with a fresh one). Events go out in order, each only
 * after its check: none reaches a stream whose session ended. Returns `end`.
 */
function endWithSession(
  app: AppInstance,
  claims: AccessClaims & { expiresAtSeconds: number },
  stream: { onEvent(event: UserEvent): Promise<void>; heartbeat(): void; close(): void },
): () => void {
  let ended = false;
  const isSessionOpen = async () =>
    Date.now() < claims.expiresAtSeconds * 1000 &&
    (await sessionChecks(app.deps.database.db)
      .run(claims)
      .catch(() => false));
  let queue = Promise.resolve();
  const inTurn = (step: () => Promise<void>) => {
    queue = queue
      .then(async () => {
        if (ended) return;
        if (!(await isSessionOpen())) return end();
        await step();
      })
      .catch(() => end());
  };
  const unsubscribe = app.deps.events.hub.subscribe(claims.userId, {
    sessionId: claims.sessionId,
    onEvent: (event) => inTurn(() => stream.onEvent(event)),
    end: () => end(),
  });
  const heartbeat = setInterval(() => inTurn(async () => stream.heartbeat()), REALTIME_HEARTBEAT_MS);
  const expiry = setTimeout(() => end(), claims.expiresAtSeconds * 1000 - Date.now());
  function end() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    clearTimeout(expiry);
    unsubscribe();
    stream.close();
  }
  return end;
}

// EventSource cannot send headers, so the access token may also come as ?access_token=
// (masked in logs like every token-looking query value).
async function streamClaimsOf(app: AppInstance, request: FastifyRequest) {
  const header = request.headers.authorization;
  const query = (request.query as { access_token?: string | undefined }).access_token;
  const token = header?.startsWith('Bearer ') ? header.slice(7) : query;
  const claims = token ? await readAccessToken(token, app.deps.config.jwtSecret) : undefined;
  if (!claims || !(await sessionChecks(app.deps.database.db).run(claims))) throw new AppError('unauthorized');
  return claims;
}

import { LOCALES } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRecentMessages, type OutboxMessage, requeueFailed } from '../../messaging/outbox.repository.ts';
import { contentOf } from '../../messaging/render.ts';

const messageSchema = z.object({
  id: z.number(),
  channel: z.enum(['whatsapp', 'email']),
  recipient: z.string(),
  // What the recipient reads: the template rendered in `idioma`, or the text as written.
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  template: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  idioma: z.enum(LOCALES),
  // Why the message cannot be rendered (then `text` is empty); the worker fails it the same way.
  render_error: z.string().nullable(),
  purpose: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
  referencia: z.string().nullable(),
});

// Development only: how a person running the app locally reads codes and links. Never registered
// in production (app.ts), so no part of the contract: hidden from the OpenAPI document.
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: true,
        summary: 'The last outgoing WhatsApp messages and e-mails, newest first (development only)',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(200).default(50),
          // What a message is about (a movement, a sale), or who it went to: how scripts and the
          // benchmarks read one transfer's code as its payer would on WhatsApp. `only=codes` keeps
          // the code messages, newest first: a phone's latest code, read by the outbox's per-phone
          // index of codes however long the outbox is (nothing indexes the reference).
          referencia: z.string().max(100).optional(),
          recipient: z.string().max(320).optional(),
          only: z.enum(['codes']).optional(),
        }),
        response: { 200: z.object({ items: z.array(messageSchema) }) },
      },
    },
    async (request) => ({
      items: (await listRecentMessages(app.deps.database.db, request.query)).map(presentMessage),
    }),
  );

  app.post(
    '/api/dev/outbox/retry-failed',
    {
      schema: {
        hide: true,
        summary: 'Put failed messages back in the queue (development only)',
        response: { 200: z.object({ requeued: z.number() }) },
      },
    },
    async () => ({ requeued: await requeueFailed(app.deps.database.db) }),
  );
};

function presentMessage(row: OutboxMessage): z.input<typeof messageSchema> {
  const base = {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    template: row.template,
    params: row.params,
    idioma: row.idioma,
    purpose: row.purpose,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: row.created_at,
    sent_at: row.sent_at,
    referencia: row.referencia,
  };
  try {
    return { ...base, ...contentOf(row), render_error: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ...base, subject: row.subject, text: row.text ?? '', html: row.html, render_error: reason };
  }
}

import { isLocale } from '@kreyolcash/domain';
import type { OutboxMessage } from './outbox.repository.ts';
import { typedTextKeys } from './templates/define.ts';
import { isTemplateName, type RenderedMessage, TEMPLATES } from './templates.ts';
import { plainForWhatsApp } from './whatsapp-plain.ts';

/**
 * A message that cannot be rendered: an unknown template, a missing or malformed parameter, an
 * unknown language. The worker records it on the row like a failed send (and retries it: a
 * worker of an older release may not know a template that a newer one wrote).
 */
export class MessageRenderError extends Error {
  override readonly name = 'MessageRenderError';
}

/**
 * The text (and, for e-mails, the subject and HTML) of a template in a language. The parameters
 * are checked against the template's own schema; the error names the failing parameters, never
 * their values (a code or a phone must not reach a log or `last_error`).
 */
export function renderMessage(message: {
  template: string;
  params: unknown;
  idioma: string;
}): RenderedMessage {
  const { template, params, idioma } = message;
  if (!isTemplateName(template)) throw new MessageRenderError(`unknown template "${template}"`);
  if (!isLocale(idioma)) throw new MessageRenderError(`template ${template}: unknown language`);
  const definition = TEMPLATES[template];
  const parsed = definition.params.safeParse(params);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'params'}: ${issue.message}`,
    );
    throw new MessageRenderError(`template ${template}: ${problems.join('; ')}`);
  }
  // The registry's entries differ in their parameters: each one's texts take its own parse.
  const texts = definition.texts[idioma] as (values: typeof parsed.data) => RenderedMessage;
  const rendered = texts(parsed.data);
  // An e-mail (it has HTML) escapes what people typed itself; a WhatsApp text is written again
  // with every typed parameter as plain text, so a name cannot restyle the message.
  if (rendered.html !== undefined) return rendered;
  return texts(asPlainText(parsed.data, typedTextKeys(definition.params)));
}

function asPlainText<T extends object>(values: T, keys: string[]): T {
  const plain = { ...values } as Record<string, unknown>;
  for (const key of keys) if (typeof plain[key] === 'string') plain[key] = plainForWhatsApp(plain[key]);
  return plain as unknown as T;
}

export type StoredContent = Pick<
  OutboxMessage,
  'template' | 'params' | 'idioma' | 'text' | 'subject' | 'html'
>;
export type MessageContent = { text: string; subject: string | null; html: string | null };

/** What a row says: rendered from its template, or its text as written when it has none. */
export function contentOf(row: StoredContent): MessageContent {
  if (row.template === null) {
    if (row.text === null) throw new MessageRenderError('message has neither a template nor a text');
    return { text: row.text, subject: row.subject, html: row.html };
  }
  const rendered = renderMessage({ template: row.template, params: row.params, idioma: row.idioma });
  return { text: rendered.text, subject: rendered.subject ?? row.subject, html: rendered.html ?? row.html };
}

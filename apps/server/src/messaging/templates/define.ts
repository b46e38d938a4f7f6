import { formatKreyol, type Locale } from '@kreyolcash/domain';
import { z } from 'zod';

// What every area's templates are built from: the parameter types, the template's shape (a text
// per locale, so a missing translation is a type error), the one place amounts are written, and
// the layouts and phrases that several messages share.

export type WhatsAppText = { text: string };
export type EmailContent = { subject: string; text: string; html: string };
export type RenderedMessage = { text: string; subject?: string; html?: string };

// Parameter types. No parameter is ever a ready-made sentence: the words live in the texts, so a
// message can be rendered in any language from the same stored row.
//
// Every text parameter is typed by someone (a name, a product, a reason) and is rendered into a
// WhatsApp text as plain text (render.ts), unless it is declared verbatim: a link, which must
// reach the phone character for character. Enums, numbers and booleans are not text.
const VERBATIM = new WeakSet<z.ZodType>();
function verbatim<T extends z.ZodType>(schema: T): T {
  VERBATIM.add(schema);
  return schema;
}

export const code = z.string().regex(/^\d{6}$/, 'expected a 6-digit code');
export const name = z.string().min(1);
export const centis = z.int().min(0);
export const count = z.int().positive();
export const link = verbatim(z.string().regex(/^https?:\/\/\S+$/, 'expected an http(s) link'));
export const reason = z.string().trim().min(1).max(500);

/** The parameters of a template's schema that are typed text (strings not declared verbatim). */
export function typedTextKeys(params: z.ZodType): string[] {
  const object = params instanceof z.ZodPipe ? params.in : params;
  if (!(object instanceof z.ZodObject)) return [];
  return Object.entries(object.shape as Record<string, z.ZodType>)
    .filter(([, field]) => {
      const inner = field instanceof z.ZodOptional || field instanceof z.ZodNullable ? field.unwrap() : field;
      return inner instanceof z.ZodString && !VERBATIM.has(inner);
    })
    .map(([key]) => key);
}

export type Template<TParams extends z.ZodType<object>, TRendered extends RenderedMessage> = {
  /** Checks the stored parameters and turns them into what the texts print. */
  params: TParams;
  texts: Record<Locale, (v: z.output<TParams>) => TRendered>;
};

export function template<TParams extends z.ZodType<object>, TRendered extends RenderedMessage>(
  t: Template<TParams, TRendered>,
): Template<TParams, TRendered> {
  return t;
}

// Amounts are stored as integer centis under `<name>_centis` and printed as `<name>`. They are
// written here and only here, by the domain's formatter, so every language and every message shows
// an amount exactly as the app does.
const CENTIS_SUFFIX = '_centis';
type CentisKey = `${string}${typeof CENTIS_SUFFIX}`;
export type WrittenAmounts<T> = {
  [K in keyof T as K extends `${infer Amount}${typeof CENTIS_SUFFIX}` ? Amount : K]: K extends CentisKey
    ? string
    : T[K];
};

export function writeAmounts<T extends object>(values: T): WrittenAmounts<T> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) =>
      key.endsWith(CENTIS_SUFFIX)
        ? [key.slice(0, -CENTIS_SUFFIX.length), formatKreyol(value as number)]
        : [key, value],
    ),
  ) as WrittenAmounts<T>;
}

/** The parameters of a message that prints amounts: checked as `shape`, amounts written out. */
export function withAmounts<
  Shape extends z.ZodRawShape & {
    [K in keyof Shape]: K extends CentisKey
      ? z.ZodType<number> | z.ZodOptional<z.ZodType<number>>
      : z.ZodType;
  },
>(shape: Shape) {
  return z.object(shape).transform((values) => writeAmounts(values));
}

export const lines = (...parts: string[]): WhatsAppText => ({ text: parts.join('\n') });

// How long a code lives, with the plural each language needs (Creole does not inflect).
export const VALID_FOR: Record<Locale, (minutes: number) => string> = {
  ht: (n) => `Li valab pou ${n} minit.`,
  'pt-BR': (n) => `Ele vale por ${n} ${n === 1 ? 'minuto' : 'minutos'}.`,
  fr: (n) => `Il est valable ${n} ${n === 1 ? 'minute' : 'minutes'}.`,
  en: (n) => `It is valid for ${n} ${n === 1 ? 'minute' : 'minutes'}.`,
};

// Every code message ends with it: the scam it prevents is someone posing as support.
export const NEVER_SHARE: Record<Locale, string> = {
  ht: 'Pa janm bay pèsonn kòd sa a, menm si yo di yo travay pou KreyolCash.',
  'pt-BR': 'Nunca passe este código para ninguém, mesmo que digam que trabalham para a KreyolCash.',
  fr: 'Ne donnez jamais ce code à personne, même à quelqu’un qui dit travailler pour KreyolCash.',
  en: 'Never share this code with anyone, even if they say they work for KreyolCash.',
};

/** A WhatsApp message carrying a code: what it is for, how long it lives, never to share it. */
export const codeMessage = (lang: Locale, first: string, minutes: number): WhatsAppText =>
  lines(first, VALID_FOR[lang](minutes), NEVER_SHARE[lang]);

// One layout for every e-mail: a greeting, a paragraph, one button whose link is also printed for
// a mail client that shows no button, a footer. The text part says the same as the HTML.
export function email(
  lang: Locale,
  p: { subject: string; greeting: string; body: string; action: string; url: string; footer: string },
): EmailContent {
  const text = [p.greeting, '', p.body, '', `${p.action}: ${p.url}`, '', p.footer, '', 'KreyolCash'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:480px;margin:auto;padding:16px">
<p>${escapeHtml(p.greeting)}</p><p>${escapeHtml(p.body)}</p>
<p><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(p.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.url)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.footer)}</p><p>KreyolCash</p></body></html>`;
  return { subject: p.subject, text, html };
}

// Names and links are user input and go into HTML attributes as well as text.
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

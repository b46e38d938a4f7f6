// Reaching support: what a help request is about, its states, and the closed lists of reasons an
// operator picks when freezing or unfreezing an account (the person is told the category; the
// operator's own words stay in the audit trail).

export const HELP_SUBJECTS = ['conta_congelada', 'movimentacao', 'identidade', 'outro'] as const;
export type HelpSubject = (typeof HELP_SUBJECTS)[number];

// aberto: waiting for support; respondido: support answered (the person may still write a new
// request); fechado: closed by support, with or without an answer.
export const HELP_REQUEST_STATUSES = ['aberto', 'respondido', 'fechado'] as const;
export type HelpRequestStatus = (typeof HELP_REQUEST_STATUSES)[number];

/** The longest text a person or an operator may write in a help request or its answer. */
export const HELP_TEXT_MAX_LENGTH = 1000;
/** Requests a person may have waiting at once: more is spam, not more help. */
export const HELP_REQUESTS_OPEN_MAX = 3;

export const FREEZE_CATEGORIES = [
  'fraude_suspeita',
  'telefone_perdido',
  'verificacao_identidade',
  'outro',
] as const;
export type FreezeCategory = (typeof FREEZE_CATEGORIES)[number];

export const UNFREEZE_CATEGORIES = [
  'identidade_confirmada',
  'caso_resolvido',
  'bloqueio_por_engano',
  'outro',
] as const;
export type UnfreezeCategory = (typeof UNFREEZE_CATEGORIES)[number];

export function isFreezeCategory(value: unknown): value is FreezeCategory {
  return typeof value === 'string' && (FREEZE_CATEGORIES as readonly string[]).includes(value);
}

export function isUnfreezeCategory(value: unknown): value is UnfreezeCategory {
  return typeof value === 'string' && (UNFREEZE_CATEGORIES as readonly string[]).includes(value);
}

// Support's opening hours, as the operator configures them (SUPPORT_HOURS) and the app shows them
// in the person's language: days of the week and a time span, in Haiti's time.
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type SupportHours = { from: Weekday; to: Weekday; opens: string; closes: string };

const HOURS_ENTRY =
  /^(mon|tue|wed|thu|fri|sat|sun)(?:-(mon|tue|wed|thu|fri|sat|sun))?\s+([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Reads `mon-fri 08:00-17:00; sat 09:00-13:00`: entries split by `;`, each a day or a span of
 * days and a span of hours. Anything else is null, so a mistyped setting stops the start.
 */
export function parseSupportHours(text: string): SupportHours[] | null {
  const entries = text
    .split(';')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const hours: SupportHours[] = [];
  for (const entry of entries) {
    const match = HOURS_ENTRY.exec(entry);
    if (!match) return null;
    const [, from, to, oh, om, ch, cm] = match as unknown as [
      string,
      Weekday,
      Weekday | undefined,
      string,
      string,
      string,
      string,
    ];
    const opens = `${oh}:${om}`;
    const closes = `${ch}:${cm}`;
    if (closes <= opens || (ch === '24' && cm !== '00')) return null;
    hours.push({ from, to: to ?? from, opens, closes });
  }
  return hours;
}

// Refusals whose text asks the person to contact support: wherever one is shown, a link to the
// Sipò screen goes with it.
const ASKS_FOR_SUPPORT: ReadonlySet<string> = new Set([
  'account_frozen',
  'account_blocked',
  'report_window_closed',
]);

export function asksForSupport(code: string): boolean {
  return ASKS_FOR_SUPPORT.has(code);
}

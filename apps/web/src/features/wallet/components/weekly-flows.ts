import { type Transaction, todayIsoDate } from '@kreyolcash/domain';

// Money in and out per calendar week (Monday to Sunday, in Haiti's time zone) for the statement's
// chart. Only completed movements moved money; adjustments have no direction, so they stay out.

const CHART_WEEKS = 8;

export type WeekFlow = { startIsoDate: string; inCentis: number; outCentis: number };

const DAY_MS = 24 * 60 * 60 * 1000;

function dateOf(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

function addDays(isoDate: string, days: number): string {
  return new Date(dateOf(isoDate).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday that starts each of the last `weeks` weeks, oldest first; the last holds `now`. */
export function weekStarts(now: Date, weeks: number = CHART_WEEKS): string[] {
  const today = todayIsoDate(now);
  const daysSinceMonday = (dateOf(today).getUTCDay() + 6) % 7;
  const thisMonday = addDays(today, -daysSinceMonday);
  return Array.from({ length: weeks }, (_, index) => addDays(thisMonday, -7 * (weeks - 1 - index)));
}

function directionOf(transaction: Transaction): 'in' | 'out' | null {
  if (transaction.status !== 'concluida') return null;
  switch (transaction.type) {
    case 'received':
    case 'bonus':
    case 'signup':
      return 'in';
    case 'sent':
      return 'out';
    case 'adjustment':
      return null;
  }
}

export function weeklyFlows(transactions: readonly Transaction[], now: Date): WeekFlow[] {
  const starts = weekStarts(now);
  const flows = starts.map((startIsoDate) => ({ startIsoDate, inCentis: 0, outCentis: 0 }));
  for (const transaction of transactions) {
    const direction = directionOf(transaction);
    if (!direction) continue;
    // The day it happened in Haiti; ISO dates compare as text.
    const day = todayIsoDate(new Date(transaction.criado_em));
    const index = starts.findLastIndex((start) => start <= day);
    const week = flows[index];
    if (!week || day > addDays(starts.at(-1) ?? day, 6)) continue;
    if (direction === 'in') week.inCentis += transaction.quantidade_centis;
    else week.outCentis += transaction.quantidade_centis;
  }
  return flows;
}

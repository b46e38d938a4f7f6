import { HAITI_TIME_ZONE } from './constants.ts';

// Calendar dates (a birth date) are `YYYY-MM-DD` text, never a Date: a Date is an instant, and
// reading `1990-05-01` as midnight UTC shows 30/04/1990 in Haiti.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EARLIEST_BIRTH_DATE = '1900-01-01';

export function isRealIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// A birth date is a real date in the past, and not before 1900 (a typo, not a customer).
export function isValidBirthDate(text: string, todayIsoDate: string): boolean {
  return isRealIsoDate(text) && text >= EARLIEST_BIRTH_DATE && text < todayIsoDate;
}

// `1990-05-01` → `01/05/1990`; text that is not an ISO date is shown as it is rather than hidden.
export function formatIsoDate(text: string): string {
  const match = ISO_DATE.exec(text);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : text;
}

// Today's calendar date where the user lives (Haiti by default), as `YYYY-MM-DD`.
export function todayIsoDate(now: Date = new Date(), timeZone: string = HAITI_TIME_ZONE): string {
  const { year, month, day } = partsOf(now, timeZone);
  return `${year}-${month}-${day}`;
}

// `dd/mm/aaaa` of an instant, in Haiti's time zone by default.
export function formatDate(instant: Date | string | number, timeZone: string = HAITI_TIME_ZONE): string {
  const { year, month, day } = partsOf(new Date(instant), timeZone);
  return `${day}/${month}/${year}`;
}

// `dd/mm/aaaa HH:mm:ss` (the transaction detail shows seconds), in Haiti's time zone by default.
export function formatDateTime(instant: Date | string | number, timeZone: string = HAITI_TIME_ZONE): string {
  return formatWallClock(wallClockOf(instant, timeZone));
}

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2}:\d{2})$/;

/**
 * An instant's time on the clocks of a time zone (Haiti's by default), as `YYYY-MM-DDTHH:mm:ss`.
 * The server sends it beside each movement's instant (`criado_em_haiti`): the first
 * `Intl.DateTimeFormat` a page builds starts ICU's date data, 60–100 ms on a cheap phone in one
 * task, and the home then needs none.
 */
export function wallClockOf(instant: Date | string | number, timeZone: string = HAITI_TIME_ZONE): string {
  const { year, month, day, hour, minute, second } = partsOf(new Date(instant), timeZone);
  return `${year}-${month}-${day}T${hour}:${minute}:${second}`;
}

// `YYYY-MM-DDTHH:mm:ss` → `dd/mm/aaaa HH:mm:ss`, without Intl; other text is shown as it is.
export function formatWallClock(text: string): string {
  const match = WALL_CLOCK.exec(text);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}` : text;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

type DateParts = Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

// Building an Intl.DateTimeFormat costs far more than using one (a few milliseconds on a cheap
// phone, for every date of a list): one per time zone, kept.
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

// Built from parts rather than a locale string, whose punctuation differs between ICU versions.
function partsFromIntl(date: Date, timeZone: string): DateParts {
  const parts: DateParts = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of formatFor(timeZone).formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof DateParts] = part.value;
  }
  return parts;
}

// formatToParts costs tens of microseconds, paid for every row of a statement the server sends.
// A zone's offset from UTC changes only at its transitions, so it is asked of Intl once per quarter
// of an hour and zone, kept only when the quarter's first and last second agree (a quarter that
// holds a transition asks Intl for each instant), and the parts are read from the shifted instant.
const QUARTER_MS = 15 * 60_000;
const OFFSETS_KEPT = 2_048;
const offsets = new Map<string, number>();

function offsetAt(seconds: number, timeZone: string): number {
  const p = partsFromIntl(new Date(seconds * 1000), timeZone);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - seconds * 1000;
}

function quarterOffset(ms: number, timeZone: string): number | undefined {
  const quarter = Math.floor(ms / QUARTER_MS);
  const key = `${timeZone} ${quarter}`;
  const kept = offsets.get(key);
  if (kept !== undefined) return kept;
  const first = (quarter * QUARTER_MS) / 1000;
  const offset = offsetAt(first, timeZone);
  if (offset !== offsetAt(first + QUARTER_MS / 1000 - 1, timeZone)) return undefined;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const two = (n: number) => String(n).padStart(2, '0');

function partsOf(date: Date, timeZone: string): DateParts {
  const ms = date.getTime();
  if (Number.isNaN(ms)) throw new RangeError('invalid date');
  const offset = quarterOffset(ms, timeZone);
  if (offset === undefined) return partsFromIntl(date, timeZone);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
    second: two(wall.getUTCSeconds()),
  };
}

import { describe, expect, it } from 'vitest';
import { HAITI_TIME_ZONE as HAITI } from './constants.ts';
import {
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatWallClock,
  isRealIsoDate,
  isValidBirthDate,
  todayIsoDate,
  wallClockOf,
} from './dates.ts';

describe('isRealIsoDate', () => {
  it('accepts real calendar dates, leap days included', () => {
    expect(isRealIsoDate('1990-05-01')).toBe(true);
    expect(isRealIsoDate('2000-02-29')).toBe(true);
    expect(isRealIsoDate('2024-02-29')).toBe(true);
  });

  it('rejects impossible dates and other shapes', () => {
    for (const text of [
      '1900-02-29',
      '2023-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '2023-1-1',
      '01/05/1990',
    ])
      expect(isRealIsoDate(text)).toBe(false);
  });
});

describe('isValidBirthDate', () => {
  it('accepts a past date from 1900 on', () => {
    expect(isValidBirthDate('1990-05-01', '2025-01-01')).toBe(true);
    expect(isValidBirthDate('1900-01-01', '2025-01-01')).toBe(true);
  });

  it('rejects today, the future and dates before 1900', () => {
    expect(isValidBirthDate('2025-01-01', '2025-01-01')).toBe(false);
    expect(isValidBirthDate('2030-01-01', '2025-01-01')).toBe(false);
    expect(isValidBirthDate('1899-12-31', '2025-01-01')).toBe(false);
  });
});

describe('formatting', () => {
  it('shows a calendar date as dd/mm/aaaa without passing through a time zone', () => {
    expect(formatIsoDate('1990-05-01')).toBe('01/05/1990');
    expect(formatIsoDate('not a date')).toBe('not a date');
  });

  it('shows an instant in Haiti time with seconds', () => {
    expect(formatDateTime('2024-03-01T12:00:05Z')).toBe('01/03/2024 07:00:05');
    expect(formatDateTime('2024-07-01T00:30:00Z')).toBe('30/06/2024 20:30:00');
    expect(formatDate(Date.UTC(2024, 0, 1, 3))).toBe('31/12/2023');
  });

  it("gives an instant's time on Haiti's clocks, across daylight saving, and shows it without Intl", () => {
    expect(wallClockOf('2024-03-01T12:00:05Z')).toBe('2024-03-01T07:00:05');
    expect(wallClockOf('2024-07-01T00:30:00Z')).toBe('2024-06-30T20:30:00');
    expect(formatWallClock('2024-06-30T20:30:00')).toBe('30/06/2024 20:30:00');
    expect(formatWallClock('not a time')).toBe('not a time');
  });

  it('accepts another time zone', () => {
    expect(formatDateTime(new Date('2024-03-01T12:00:05Z'), 'UTC')).toBe('01/03/2024 12:00:05');
  });

  it("gives today's date in Haiti", () => {
    expect(todayIsoDate(new Date('2024-01-01T03:00:00Z'))).toBe('2023-12-31');
    expect(todayIsoDate(new Date('2024-01-01T06:00:00Z'))).toBe('2024-01-01');
  });

  it("reads every instant as Intl does, at each zone's transitions and at random", () => {
    // One formatter per zone: making one is most of a call's cost.
    const formatters = new Map<string, Intl.DateTimeFormat>();
    const formatterOf = (timeZone: string) => {
      let formatter = formatters.get(timeZone);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat('en-GB', {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        });
        formatters.set(timeZone, formatter);
      }
      return formatter;
    };
    const byIntl = (instant: number, timeZone: string) => {
      const parts = Object.fromEntries(
        formatterOf(timeZone)
          .formatToParts(instant)
          .map((part) => [part.type, part.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
    };
    // Haiti's 2026 transitions, Lord Howe's half-hour shift, Kathmandu's quarter-hour offset.
    const transitions: [string, string][] = [
      [HAITI, '2026-03-08T07:00:00Z'],
      [HAITI, '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Australia/Lord_Howe', '2026-10-03T15:30:00Z'],
      ['Asia/Kathmandu', '2026-01-01T00:00:00Z'],
    ];
    for (const [timeZone, at] of transitions) {
      for (let second = -3; second <= 3; second++) {
        const instant = Date.parse(at) + second * 1000 + 250;
        expect(wallClockOf(instant, timeZone)).toBe(byIntl(instant, timeZone));
      }
    }
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 2_000; i++) {
      const instant = Math.floor(
        Date.UTC(1970, 0, 1) + next() * (Date.UTC(2100, 0, 1) - Date.UTC(1970, 0, 1)),
      );
      for (const timeZone of [HAITI, 'Europe/Paris', 'Australia/Lord_Howe']) {
        expect(wallClockOf(instant, timeZone)).toBe(byIntl(instant, timeZone));
      }
    }
  });

  it('refuses an invalid instant', () => {
    expect(() => formatDateTime('nope')).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type AgentHours,
  communeCode,
  findCommune,
  HAITI_COMMUNES,
  HAITI_DEPARTMENTS,
  haitiWeekMinute,
  isAgentOpenAt,
  isCommune,
  isValidAgentHours,
} from './agents.ts';

const closed = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const hours = (over: Partial<AgentHours>): AgentHours => ({ ...closed, ...over });

// Haiti keeps UTC−5 in winter and UTC−4 in summer (daylight saving since 2017).
const winter = (iso: string) => new Date(`${iso}-05:00`);
const summer = (iso: string) => new Date(`${iso}-04:00`);

describe('communes', () => {
  it('lists the 10 departments and 140 communes, each code unique and known', () => {
    expect(HAITI_DEPARTMENTS).toHaveLength(10);
    expect(HAITI_COMMUNES).toHaveLength(140);
    expect(new Set(HAITI_COMMUNES.map((c) => c.codigo)).size).toBe(140);
    for (const c of HAITI_COMMUNES) expect(HAITI_DEPARTMENTS.map((d) => d.codigo)).toContain(c.departamento);
  });

  it('codes a name without accents, apostrophes or spaces', () => {
    expect(communeCode("Saint-Michel-de-l'Attalaye")).toBe('saint-michel-de-l-attalaye');
    expect(communeCode('Cap-Haïtien')).toBe('cap-haitien');
    expect(communeCode('Cité Soleil')).toBe('cite-soleil');
    expect(findCommune('petion-ville')).toEqual({
      codigo: 'petion-ville',
      nome: 'Pétion-Ville',
      departamento: 'ouest',
    });
    expect(isCommune('jacmel')).toBe(true);
    expect(isCommune('Jacmel')).toBe(false);
    expect(isCommune('miami')).toBe(false);
  });
});

describe('agent hours', () => {
  it('takes HH:MM intervals in order, 24:00 as a close, and closed days', () => {
    expect(isValidAgentHours(closed)).toBe(true);
    expect(
      isValidAgentHours(
        hours({
          mon: [
            { abre: '08:00', fecha: '12:00' },
            { abre: '13:00', fecha: '17:30' },
          ],
          sat: [{ abre: '20:00', fecha: '24:00' }],
          sun: [{ abre: '00:00', fecha: '02:00' }],
        }),
      ),
    ).toBe(true);
    // Back to back is fine: 12:00 closes, 12:00 opens.
    expect(
      isValidAgentHours(
        hours({
          tue: [
            { abre: '08:00', fecha: '12:00' },
            { abre: '12:00', fecha: '13:00' },
          ],
        }),
      ),
    ).toBe(true);
  });

  it('refuses malformed times, an empty or backward interval, overlaps, and a missing day', () => {
    for (const [abre, fecha] of [
      ['8:00', '12:00'],
      ['08:00', '24:01'],
      ['24:00', '24:00'],
      ['08:60', '12:00'],
      ['12:00', '12:00'],
      ['13:00', '12:00'],
      ['00:00', '25:00'],
    ] as const) {
      expect(isValidAgentHours(hours({ wed: [{ abre, fecha }] })), `${abre}-${fecha}`).toBe(false);
    }
    expect(
      isValidAgentHours(
        hours({
          thu: [
            { abre: '08:00', fecha: '12:00' },
            { abre: '11:00', fecha: '13:00' },
          ],
        }),
      ),
    ).toBe(false);
    const { sun: _sun, ...sixDays } = closed;
    expect(isValidAgentHours(sixDays)).toBe(false);
    expect(isValidAgentHours({ ...closed, xyz: [] })).toBe(false);
    const five = Array.from({ length: 5 }, (_, i) => ({ abre: `0${i}:00`, fecha: `0${i}:30` }));
    expect(isValidAgentHours(hours({ fri: five }))).toBe(false);
  });
});

describe('open now, in Haiti time', () => {
  const weekday = hours({ mon: [{ abre: '08:00', fecha: '17:00' }] });

  it('opens at its opening minute and is closed from its closing minute', () => {
    // 2026-11-30 is a Monday.
    expect(isAgentOpenAt(weekday, winter('2026-11-30T07:59:59'))).toBe(false);
    expect(isAgentOpenAt(weekday, winter('2026-11-30T08:00:00'))).toBe(true);
    expect(isAgentOpenAt(weekday, winter('2026-11-30T16:59:59'))).toBe(true);
    expect(isAgentOpenAt(weekday, winter('2026-11-30T17:00:00'))).toBe(false);
    // The same instant is Tuesday 01:00 in UTC but Monday evening in Haiti.
    expect(haitiWeekMinute(winter('2026-11-30T20:00:00'))).toEqual({ day: 'mon', minute: 20 * 60 });
  });

  it('follows Haiti’s summer time', () => {
    // 2026-06-01 is a Monday; 08:00 in Haiti is 12:00 UTC.
    expect(isAgentOpenAt(weekday, new Date('2026-06-01T12:00:00Z'))).toBe(true);
    expect(isAgentOpenAt(weekday, new Date('2026-06-01T11:59:00Z'))).toBe(false);
    expect(isAgentOpenAt(weekday, summer('2026-06-01T16:59:00'))).toBe(true);
  });

  it('crosses midnight as two intervals: up to 24:00, then from 00:00 the next day', () => {
    const late = hours({
      sat: [{ abre: '20:00', fecha: '24:00' }],
      sun: [{ abre: '00:00', fecha: '02:00' }],
    });
    // 2026-11-28 is a Saturday.
    expect(isAgentOpenAt(late, winter('2026-11-28T19:59:00'))).toBe(false);
    expect(isAgentOpenAt(late, winter('2026-11-28T23:59:59'))).toBe(true);
    expect(isAgentOpenAt(late, winter('2026-11-29T00:00:00'))).toBe(true);
    expect(isAgentOpenAt(late, winter('2026-11-29T01:59:00'))).toBe(true);
    expect(isAgentOpenAt(late, winter('2026-11-29T02:00:00'))).toBe(false);
    // A Sunday 20:00 is not the Saturday's.
    expect(isAgentOpenAt(late, winter('2026-11-29T21:00:00'))).toBe(false);
  });
});

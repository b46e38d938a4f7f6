import { type AgentInterval, BASIS_POINTS } from '@kreyolcash/domain';

// How the agents' screens write numbers that are not amounts of ₭ (those go through formatKreyol).

/** Basis points as a decimal with a comma and no trailing zeros: 10 000 → `1`, 12 550 → `1,255`. */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / BASIS_POINTS);
  const fraction = String(bp % BASIS_POINTS)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole},${fraction}` : String(whole);
}

/** A percentage in basis points (100 = 1 %): 150 → `1,5 %`. */
export function formatPercent(bp: number): string {
  return `${formatBasisPoints(bp * 100)} %`;
}

/** Whether a day's intervals are the whole day, from midnight to midnight. */
export function isWholeDay(intervals: readonly AgentInterval[]): boolean {
  return intervals.length === 1 && intervals[0]?.abre === '00:00' && intervals[0]?.fecha === '24:00';
}

/** A day's intervals as people read them: `08:00–12:00, 13:00–17:00`. */
export function formatIntervals(intervals: readonly AgentInterval[]): string {
  return intervals.map(({ abre, fecha }) => `${abre}–${fecha}`).join(', ');
}

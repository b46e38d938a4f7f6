/** A calendar day as operators write it: `2026-11-28` → `28/11/2026` (no time zone involved). */
export function dayText(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDay;
}

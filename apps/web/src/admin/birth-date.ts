/** A birth date as typed (YYYY-MM-DD) the way a Haitian document prints it: DD/MM/YYYY. */
export function birthDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${day}/${month}/${year}` : isoDate;
}

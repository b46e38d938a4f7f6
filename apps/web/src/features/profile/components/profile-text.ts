import { NIF_DIGITS } from '@kreyolcash/domain';

/** "MJ" for "Marie Jean-Baptiste": the first letters of up to 2 name words, uppercase (spec §2). */
export function initialsOf(fullName: string): string {
  return (
    fullName
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      // By code point, so that a name starting with an accented letter keeps it whole.
      .map((word) => Array.from(word)[0] ?? '')
      .join('')
      .toLocaleUpperCase('fr')
  );
}

// Digits left visible at the end of a document number: enough to recognise it, not to use it.
const VISIBLE_DOCUMENT_DIGITS = 4;

/**
 * `1234567890` → `***-***-789-0`: a NIF keeps its 3-3-3-1 shape with only its last digits shown,
 * so a screen seen over a shoulder (or in a screenshot) does not give the whole number away.
 */
export function maskDocument(documento: string): string {
  const digits = documento.replace(/\D/g, '');
  if (digits.length === NIF_DIGITS) return `***-***-${digits.slice(6, 9)}-${digits.slice(9)}`;
  if (digits.length <= VISIBLE_DOCUMENT_DIGITS) return '*'.repeat(digits.length);
  return '*'.repeat(digits.length - VISIBLE_DOCUMENT_DIGITS) + digits.slice(-VISIBLE_DOCUMENT_DIGITS);
}

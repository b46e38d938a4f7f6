// Text that people type and other people read (names, descriptions, notes) keeps only what can
// be seen. A right-to-left override (U+202E) makes a name read backwards to the payee, on the
// statement and in the WhatsApp code message; a zero-width space makes two names that look the
// same differ. Removed: C0 and C1 controls, the bidi embeddings, overrides, isolates and marks,
// zero-width characters and the other invisible format characters. "\n" survives only in
// several-line text; tabs and other line breaks become a space or "\n" first.
const INVISIBLE = new RegExp(
  [
    '[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f', // C0 and C1 controls but "\n"
    '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f', // soft hyphen, fillers, Arabic mark
    '\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f', // zero-width, LRM/RLM, embeddings, overrides, isolates
    '\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb]', // fillers, variation selectors, BOM
    '|\\udb40[\\udc00-\\udc7f]', // tag characters (U+E0000–E007F)
  ].join(''),
  'g',
);
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;

/** One line (a name): line breaks and tabs become spaces, invisible characters go. */
export function visibleLine(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replaceAll('\t', ' ').replace(INVISIBLE, '');
}

/** Several lines (a description, a note): line breaks stay, as "\n"; tabs become spaces. */
export function visibleLines(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replaceAll('\t', ' ').replace(INVISIBLE, '');
}

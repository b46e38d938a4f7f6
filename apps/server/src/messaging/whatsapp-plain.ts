// WhatsApp reads *bold*, _italic_, ~strike~, `code` and ```monospace``` in the text it shows, and
// "> ", "- ", "1. " at the start of a line as a quote or a list. A name, a product or a reason that
// people typed must reach the other person as typed, never as formatting of our message.
//
// WhatsApp has no escape character: a backslash is shown as it is. What it does have is a rule
// about edges: a marker opens or closes a format only at the edge of a word (`2*3*4` stays as it
// is). So each marker in typed text gets a WORD JOINER (U+2060) on both sides: an invisible
// character that is not a space and joins what is around it into one word, so the marker is inside
// a word and opens or closes nothing. WhatsApp shows the marker, and the joiners show as nothing.
// A run of three backticks is cut into three single ones the same way. A typed line that starts
// like a quote or a list gets a joiner first, so it no longer starts with the mark.
//
// Only in WhatsApp texts: e-mails are HTML-escaped and have no such formatting.

export const WORD_JOINER = '\u2060';

const MARKERS = /[*_~`]/g;
const LINE_MARK = /^([ \t]*)(>|-|\d+\.)(?=[ \t])/gm;

/** Typed text as WhatsApp should show it: every marker shown, none applied. */
export function plainForWhatsApp(text: string): string {
  return text
    .replace(MARKERS, (marker) => `${WORD_JOINER}${marker}${WORD_JOINER}`)
    .replace(LINE_MARK, `$1${WORD_JOINER}$2`);
}

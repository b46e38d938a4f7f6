// Splits an outgoing message into what the outbox page shows differently: links (clickable),
// 6-digit codes (big), WhatsApp's *bold*, and plain text.

export type Segment =
  | { kind: 'text'; text: string }
  | { kind: 'bold'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'link'; text: string; href: string };

const TOKENS = /(https?:\/\/[^\s<>"]+)|\*([^*\n]+)\*|(?<!\d)(\d{6})(?!\d)/g;
const CODE = /^\d{6}$/;
// Sentence punctuation after a URL belongs to the sentence.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

export function segmentsOf(message: string, currentOrigin?: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  const pushText = (text: string) => {
    if (text) segments.push({ kind: 'text', text });
  };
  for (const match of message.matchAll(TOKENS)) {
    const [whole, url, bold, code] = match;
    pushText(message.slice(last, match.index));
    last = match.index + whole.length;
    if (url) {
      const trailing = TRAILING_PUNCTUATION.exec(url)?.[0] ?? '';
      const link = url.slice(0, url.length - trailing.length);
      segments.push({ kind: 'link', text: link, href: appHref(link, currentOrigin) });
      pushText(trailing);
    } else if (bold !== undefined) {
      segments.push({ kind: CODE.test(bold.trim()) ? 'code' : 'bold', text: bold.trim() });
    } else if (code) {
      segments.push({ kind: 'code', text: code });
    }
  }
  pushText(message.slice(last));
  return segments;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A link to this app on the developer's own machine opens in the app being looked at: the server
 * writes links with its PUBLIC_URL (http://localhost:3000), while the page may be served by Vite
 * on another port or through 127.0.0.1, whose cookies are not localhost's.
 */
export function appHref(url: string, currentOrigin: string | undefined): string {
  if (!currentOrigin) return url;
  try {
    const target = new URL(url);
    const current = new URL(currentOrigin);
    if (target.origin === current.origin) return url;
    if (!LOOPBACK.has(target.hostname) || !LOOPBACK.has(current.hostname)) return url;
    return `${current.origin}${target.pathname}${target.search}${target.hash}`;
  } catch {
    return url;
  }
}

import { describe, expect, it } from 'vitest';
import { appHref, segmentsOf } from './message-segments';

describe('outbox message segments', () => {
  it('makes the code of a WhatsApp message (*123456*) a code segment', () => {
    expect(segmentsOf('KreyolCash: kòd ou se *482913*.\nLi valab pou 15 minit.')).toEqual([
      { kind: 'text', text: 'KreyolCash: kòd ou se ' },
      { kind: 'code', text: '482913' },
      { kind: 'text', text: '.\nLi valab pou 15 minit.' },
    ]);
  });

  it('finds a bare 6-digit code, but not 6 digits inside a longer number', () => {
    expect(segmentsOf('kòd 123456 telefòn +50937123456')).toEqual([
      { kind: 'text', text: 'kòd ' },
      { kind: 'code', text: '123456' },
      { kind: 'text', text: ' telefòn +50937123456' },
    ]);
  });

  it('makes links clickable and leaves the sentence’s final dot out of them', () => {
    const [before, link, after] = segmentsOf('Konfime: https://kc.ht/confirm-email#token=abc.');
    expect(before).toEqual({ kind: 'text', text: 'Konfime: ' });
    expect(link).toEqual({
      kind: 'link',
      text: 'https://kc.ht/confirm-email#token=abc',
      href: 'https://kc.ht/confirm-email#token=abc',
    });
    expect(after).toEqual({ kind: 'text', text: '.' });
  });

  it('keeps other *bold* text bold', () => {
    expect(segmentsOf('*Atansyon* la')).toEqual([
      { kind: 'bold', text: 'Atansyon' },
      { kind: 'text', text: ' la' },
    ]);
  });
});

describe('links of the local app', () => {
  it('opens a loopback link in the app being looked at', () => {
    expect(appHref('http://localhost:3000/reset-password#access_token=a', 'http://127.0.0.1:5173')).toBe(
      'http://127.0.0.1:5173/reset-password#access_token=a',
    );
  });

  it('leaves links to other sites, and from a public origin, as they are', () => {
    expect(appHref('https://example.com/x', 'http://localhost:5173')).toBe('https://example.com/x');
    expect(appHref('http://localhost:3000/x', 'https://kreyolcash.ht')).toBe('http://localhost:3000/x');
  });
});

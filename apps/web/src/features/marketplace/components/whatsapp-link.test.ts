import { describe, expect, it } from 'vitest';
import { whatsappChatUrl } from './whatsapp-link';

describe('whatsappChatUrl', () => {
  it('keeps only the digits of the number, country code first', () => {
    expect(whatsappChatUrl('+509 3712-3456', 'Bonjou')).toBe('https://wa.me/50937123456?text=Bonjou');
  });

  it('encodes the prefilled message, accents, quotes and line breaks included', () => {
    const url = new URL(whatsappChatUrl('+50937123456', 'Mwen sot achte "Pen ak manba" × 2\nMèsi!'));
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe('Mwen sot achte "Pen ak manba" × 2\nMèsi!');
    expect(url.search).not.toContain(' ');
  });
});

import { describe, expect, it } from 'vitest';
import { optionalText, requiredText } from './schemas/fields.ts';
import { visibleLine, visibleLines } from './visible-text.ts';

describe('visible text', () => {
  it.each([
    ['Jean \u202Eerreip', 'Jean erreip'],
    ['Ma\u200Brie\u200C \u200DJean\uFEFF', 'Marie Jean'],
    ['\u2066Boutik\u2069 \u2067Lakay\u2068\u2069', 'Boutik Lakay'],
    ['a\u202Ab\u202Bc\u202Cd\u202De\u200Ef\u200Fg\u061Ch', 'abcdefgh'],
    ['bell\u0007 nul\u0000 esc\u001B del\u007F csi\u009B', 'bell nul esc del csi'],
    ['tag\u{E0041}\u{E007F}s', 'tags'],
    ['one\ntwo\r\nthree\tfour\u2028five', 'one two three four five'],
  ])('one line: %j reads %j', (typed, shown) => {
    expect(visibleLine(typed)).toBe(shown);
  });

  it('keeps what people write: accents, Creole, emoji and their skin tones', () => {
    for (const text of [
      'Kreyòl ayisyen',
      'Écoute-moi, Pè Lebrun',
      'José Ñúñez',
      'Mèsi 👍🏽',
      'محمد',
      '李小龙',
    ])
      expect(visibleLine(text)).toBe(text);
  });

  it('keeps the lines of several-line text', () => {
    expect(visibleLines('Liv\r\nKaye\u202E\n\tPlim\u2029')).toBe('Liv\nKaye\n Plim\n');
  });

  it('is what the shared schemas store, and nothing else is required-empty', () => {
    const name = requiredText('name_required');
    expect(name.parse(' Jean\u202E Pierre ')).toBe('Jean Pierre');
    const empty = name.safeParse(' \u202E\u200B\u2066\u2069\u0000 ');
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['name_required']);
    expect(optionalText(140).parse('\u202E\u200B')).toBeUndefined();
    expect(optionalText(140).parse(' Pou\u202E lekòl ')).toBe('Pou lekòl');
  });
});

import { describe, expect, it } from 'vitest';
import { initialsOf, maskDocument } from './profile-text';

describe('initials', () => {
  it('takes the first letters of the first two name words, uppercase', () => {
    expect(initialsOf('Marie Jean-Baptiste')).toBe('MJ');
    expect(initialsOf('  jean   pierre louis ')).toBe('JP');
  });

  it('keeps one letter for a one-word name, and accented letters whole', () => {
    expect(initialsOf('Roseline')).toBe('R');
    expect(initialsOf('élise ézili')).toBe('ÉÉ');
  });

  it('is empty for a blank name', () => {
    expect(initialsOf('   ')).toBe('');
  });
});

describe('document masking', () => {
  it('shows a NIF as ***-***-789-0', () => {
    expect(maskDocument('1234567890')).toBe('***-***-789-0');
    expect(maskDocument('123-456-789-0')).toBe('***-***-789-0');
  });

  it('shows only the last 4 digits of any other number', () => {
    expect(maskDocument('12345678901')).toBe('*******8901');
    expect(maskDocument('123')).toBe('***');
  });
});

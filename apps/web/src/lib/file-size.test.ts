import { describe, expect, it } from 'vitest';
import { megabytesOf } from './file-size';

describe('a file size in MB', () => {
  it('has 2 decimals from 0,01 MB up', () => {
    expect(megabytesOf(1.5 * 1024 * 1024)).toBe('1,50');
    expect(megabytesOf(30 * 1024)).toBe('0,03');
    expect(megabytesOf(5 * 1024 * 1024)).toBe('5,00');
  });

  it('never reads as 0,00 for a small photo that is not empty', () => {
    expect(megabytesOf(3_000)).toBe('0,0029');
    expect(megabytesOf(600)).toBe('0,00057');
    expect(megabytesOf(0)).toBe('0,00');
  });
});

import { describe, expect, it } from 'vitest';
import { fittedSize, jpegName } from './shrink-photo';

describe('photo shrinking', () => {
  it('fits the longest side inside the limit, keeping the proportions', () => {
    expect(fittedSize(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fittedSize(3000, 4000, 1600)).toEqual({ width: 1200, height: 1600 });
  });

  it('never enlarges a photo that already fits', () => {
    expect(fittedSize(800, 600, 1600)).toEqual({ width: 800, height: 600 });
  });

  it('names the redrawn photo as a JPEG', () => {
    expect(jpegName('kat-nif.PNG')).toBe('kat-nif.jpg');
    expect(jpegName('IMG_2031.jpeg')).toBe('IMG_2031.jpg');
    expect(jpegName('foto')).toBe('foto.jpg');
  });
});

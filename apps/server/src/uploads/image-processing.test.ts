import { AppError, IMAGE_UPLOAD_MAX_BYTES } from '@kreyolcash/domain';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { pngFile } from '../test-support/png.ts';
import { processImage } from './image-processing.ts';

// Every image is made here, with sharp or the hand-written PNG writer, so the tests need no binary
// fixtures.
function solid(width: number, height: number, channels: 3 | 4 = 3): Sharp {
  const background = { r: 200, g: 30, b: 40, alpha: channels === 4 ? 0.5 : 1 };
  return sharp({ create: { width, height, channels, background } });
}

const GPS_EXIF = { IFD0: { Copyright: 'x' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '18/1 32/1 0/1' } };

async function failureOf(input: Buffer): Promise<AppError> {
  try {
    await processImage(input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected processImage to refuse the input');
}

// The EXIF GPS-IFD pointer tag (0x8825), little-endian as sharp writes it.
function hasGpsTag(exif: Buffer | undefined): boolean {
  return exif?.includes(Buffer.from([0x25, 0x88])) ?? false;
}

// A whole, valid 1-bit greyscale PNG of black: its pixels compress to a few tens of KB, written
// by hand because having sharp encode 400 megapixels takes seconds.
function blackPng(width: number, height: number): Buffer {
  // Each row: a filter byte (none) and width bits of zero.
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)));
  return pngFile({ width, height, bitDepth: 1, colourType: 0, rows, level: 9 });
}

// Rewrites the width and height of a baseline JPEG's SOF0 segment: a header that lies.
function withJpegDimensions(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(height, sof + 5);
  copy.writeUInt16BE(width, sof + 7);
  return copy;
}

describe('processImage', () => {
  let smallJpeg: Buffer;
  let smallPng: Buffer;
  beforeAll(async () => {
    smallJpeg = await solid(40, 30).jpeg().toBuffer();
    smallPng = await solid(40, 30, 4).png().toBuffer();
  });

  it('decides the type by content: a PNG the client called photo.jpg comes out as a PNG', async () => {
    // processImage never sees the name or the declared type: only the bytes.
    const result = await processImage(smallPng);
    expect(result).toMatchObject({ format: 'png', extension: 'png', contentType: 'image/png' });
    expect((await sharp(result.data).metadata()).format).toBe('png');
  });

  it('re-encodes a JPEG as a JPEG of the same size', async () => {
    const result = await processImage(smallJpeg);
    expect(result).toMatchObject({ format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' });
    expect(result).toMatchObject({ width: 40, height: 30 });
    expect((await sharp(result.data).metadata()).format).toBe('jpeg');
  });

  it('keeps the transparency of a PNG', async () => {
    const result = await processImage(smallPng);
    expect((await sharp(result.data).metadata()).hasAlpha).toBe(true);
  });

  it('accepts a file of exactly 5 MB and refuses 5 MB + 1 byte with image_too_large', async () => {
    const padded = (size: number) => Buffer.concat([smallJpeg, Buffer.alloc(size - smallJpeg.length)], size);
    await expect(processImage(padded(IMAGE_UPLOAD_MAX_BYTES))).resolves.toMatchObject({ format: 'jpeg' });
    const failure = await failureOf(padded(IMAGE_UPLOAD_MAX_BYTES + 1));
    expect(failure).toMatchObject({ code: 'image_too_large', status: 413 });
  });

  it('refuses text, HTML, SVG, GIF and WebP with image_invalid_type', async () => {
    const inputs = [
      Buffer.from('just some text, not a picture\n'),
      Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'),
      await solid(10, 10).gif().toBuffer(),
      await solid(10, 10).webp().toBuffer(),
      Buffer.alloc(0),
    ];
    for (const input of inputs) {
      expect(await failureOf(input)).toMatchObject({ code: 'image_invalid_type', status: 422 });
    }
  });

  it('refuses a polyglot whose first bytes are not JPG or PNG, even with a JPEG inside', async () => {
    const polyglot = Buffer.concat([Buffer.from('GIF89a<script>alert(1)</script>'), smallJpeg]);
    expect(await failureOf(polyglot)).toMatchObject({ code: 'image_invalid_type' });
  });

  it('refuses truncated or corrupt JPG and PNG data with image_invalid_type', async () => {
    const photo = await solid(400, 300).jpeg().toBuffer();
    const truncatedJpeg = photo.subarray(0, photo.length / 2);
    const truncatedPng = smallPng.subarray(0, 60);
    const magicOnly = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    for (const input of [truncatedJpeg, truncatedPng, magicOnly]) {
      expect(await failureOf(input)).toMatchObject({ code: 'image_invalid_type' });
    }
  });

  it('refuses a 20000×20000 PNG pixel bomb without decoding it', async () => {
    const bomb = blackPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(IMAGE_UPLOAD_MAX_BYTES);
    const rssBefore = process.memoryUsage().rss;
    const failure = await failureOf(bomb);
    // Decoding 400 megapixels would take hundreds of MB; reading the header takes none. The
    // message is the header check's (the decoder's own limit answers "cannot be decoded").
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    expect(failure).toMatchObject({ code: 'image_too_large', message: 'too many pixels' });
  });

  it('refuses a JPEG whose header claims 30000×30000 pixels with image_too_large', async () => {
    const liar = withJpegDimensions(smallJpeg, 30_000, 30_000);
    expect(await failureOf(liar)).toMatchObject({ code: 'image_too_large', message: 'too many pixels' });
  });

  it('strips EXIF and the GPS position from a JPEG and from a PNG', async () => {
    for (const input of [
      await solid(64, 48).withExif(GPS_EXIF).jpeg().toBuffer(),
      await solid(64, 48).withExif(GPS_EXIF).png().toBuffer(),
    ]) {
      expect(hasGpsTag((await sharp(input).metadata()).exif)).toBe(true);
      const output = await sharp((await processImage(input)).data).metadata();
      expect(output.exif).toBeUndefined();
      expect(output.xmp).toBeUndefined();
      expect(output.icc).toBeUndefined();
    }
  });

  it('applies the EXIF orientation: a 400×300 photo tagged "rotate 90°" comes out 300×400', async () => {
    const rotated = await solid(400, 300).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(rotated).metadata()).orientation).toBe(6);
    const result = await processImage(rotated);
    expect(result).toMatchObject({ width: 300, height: 400 });
    const output = await sharp(result.data).metadata();
    expect(output).toMatchObject({ width: 300, height: 400 });
    expect(output.orientation).toBeUndefined();
  });

  it('shrinks a 4000×3000 JPEG to fit inside 2048×2048', async () => {
    const result = await processImage(await solid(4000, 3000).jpeg().toBuffer());
    expect(result).toMatchObject({ width: 2048, height: 1536 });
    expect(await sharp(result.data).metadata()).toMatchObject({ width: 2048, height: 1536 });
  });

  it('never enlarges a small image', async () => {
    expect(await processImage(await solid(100, 2000).png().toBuffer())).toMatchObject({
      width: 100,
      height: 2000,
    });
  });
});

import { AppError, IMAGE_UPLOAD_MAX_BYTES } from '@kreyolcash/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';

// A photo decodes to width × height × channels bytes, so the byte limit alone does not bound
// memory: a 5 MB PNG can claim 400 megapixels (1.6 GB decoded). 25 MP covers any phone camera.
export const IMAGE_MAX_INPUT_PIXELS = 25_000_000;
// Documents and profile photos are shown on phones; more pixels only cost storage and bandwidth.
export const IMAGE_MAX_OUTPUT_SIDE = 2048;
const JPEG_QUALITY = 82;

// One libvips worker thread per image and no operation cache: on a 2-core box the thread pool
// would otherwise multiply the per-image buffers, and the cache keeps decoded images that an
// upload never asks for again. Throughput comes from handling several requests at once instead.
sharp.concurrency(1);
sharp.cache(false);

export type ProcessedImage = {
  data: Buffer;
  format: 'jpeg' | 'png';
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
};

type ImageFormat = ProcessedImage['format'];

/**
 * Checks an uploaded photo and re-encodes it. The type is read from the bytes, never from the
 * file's name or declared type; the output is a fresh encoding, so whatever rode along in the
 * input (EXIF, GPS position, a script appended to a polyglot file) is not stored.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length > IMAGE_UPLOAD_MAX_BYTES) {
    throw new AppError('image_too_large', { message: `more than ${IMAGE_UPLOAD_MAX_BYTES} bytes` });
  }
  const format = await formatByMagicBytes(input);
  await assertPixelCountWithinLimit(input, format);
  return reencode(input, format);
}

async function formatByMagicBytes(input: Buffer): Promise<ImageFormat> {
  const type = await fileTypeFromBuffer(input);
  if (type?.mime === 'image/jpeg') return 'jpeg';
  if (type?.mime === 'image/png') return 'png';
  throw new AppError('image_invalid_type', { message: `not a JPG or PNG (${type?.mime ?? 'unknown'})` });
}

// Reads only the header, before any pixel is decoded, so a pixel bomb is refused in
// milliseconds. The limit is off for this read so that we compare the size ourselves rather
// than parse sharp's error message; the decode below keeps limitInputPixels as a second guard.
async function assertPixelCountWithinLimit(input: Buffer, format: ImageFormat): Promise<void> {
  let header: Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('image_invalid_type', { message: 'unreadable image header', cause: error });
  }
  if (header.format !== format || !header.width || !header.height) {
    throw new AppError('image_invalid_type', { message: 'image header does not match its type' });
  }
  if (header.width * header.height > IMAGE_MAX_INPUT_PIXELS) {
    throw new AppError('image_too_large', { message: 'too many pixels' });
  }
}

async function reencode(input: Buffer, format: ImageFormat): Promise<ProcessedImage> {
  // failOn 'error' refuses truncated and corrupt data but tolerates libjpeg's warnings (stray
  // bytes before a marker), which some phone cameras write into otherwise good photos.
  const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: 'error' })
    // Applies the EXIF orientation to the pixels, since the tag itself is dropped with the metadata.
    .rotate()
    .resize({
      width: IMAGE_MAX_OUTPUT_SIDE,
      height: IMAGE_MAX_OUTPUT_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  // Same format out as in: a PNG may carry transparency that JPEG would flatten.
  const encoded =
    format === 'jpeg'
      ? pipeline.jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      : pipeline.png({ compressionLevel: 9 });
  try {
    // No withMetadata()/keepExif(): sharp writes no EXIF, XMP, IPTC or ICC profile by default.
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, ...FORMAT_DETAILS[format] };
  } catch (error) {
    // The header was valid, so a failure here is damaged pixel data: the client's file, not us.
    throw new AppError('image_invalid_type', { message: 'image data cannot be decoded', cause: error });
  }
}

const FORMAT_DETAILS = {
  jpeg: { format: 'jpeg', extension: 'jpg', contentType: 'image/jpeg' },
  png: { format: 'png', extension: 'png', contentType: 'image/png' },
} as const satisfies Record<ImageFormat, Omit<ProcessedImage, 'data' | 'width' | 'height'>>;

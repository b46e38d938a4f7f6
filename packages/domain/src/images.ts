import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES } from './constants.ts';

// What the browser's File and a server upload both have, so one rule serves both sides.
export type ImageFileLike = { name: string; type: string; size: number };

export type ImageProblem = 'image_invalid_type' | 'image_too_large';

export function isImageMimeType(type: string): boolean {
  return (IMAGE_MIME_TYPES as readonly string[]).includes(type);
}

// The server passes the type it read from the file's bytes, not the one the client claimed.
export function imageProblemOf(file: { type: string; size: number }): ImageProblem | null {
  if (!isImageMimeType(file.type)) return 'image_invalid_type';
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return 'image_too_large';
  return null;
}

export function isImageFileLike(value: unknown): value is ImageFileLike {
  if (typeof value !== 'object' || value === null) return false;
  const { name, type, size } = value as Partial<ImageFileLike>;
  return typeof name === 'string' && typeof type === 'string' && typeof size === 'number';
}

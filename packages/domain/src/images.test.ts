import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES } from './constants.ts';
import { imageProblemOf, isImageFileLike, isImageMimeType } from './images.ts';

describe('images', () => {
  it('accepts JPG and PNG up to 5 MB', () => {
    expect(imageProblemOf({ type: 'image/jpeg', size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
    expect(imageProblemOf({ type: 'image/png', size: 1 })).toBeNull();
  });

  it('rejects other types with image_invalid_type', () => {
    expect(imageProblemOf({ type: 'image/gif', size: 10 })).toBe('image_invalid_type');
    expect(imageProblemOf({ type: 'application/pdf', size: 10 })).toBe('image_invalid_type');
    expect(isImageMimeType('image/svg+xml')).toBe(false);
  });

  it('rejects a file above 5 MB with image_too_large', () => {
    expect(imageProblemOf({ type: 'image/png', size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe('image_too_large');
  });

  it('recognises a file-like value', () => {
    expect(isImageFileLike({ name: 'a.png', type: 'image/png', size: 3 })).toBe(true);
    expect(isImageFileLike({ name: 'a.png' })).toBe(false);
    expect(isImageFileLike(null)).toBe(false);
    expect(isImageFileLike('a.png')).toBe(false);
  });
});

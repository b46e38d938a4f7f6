// Phone cameras take photos of several megabytes; over a slow connection that is minutes of upload
// for a picture the server shrinks to 2048 px anyway. A large photo is redrawn here, before it is
// shown or sent, as a JPEG of at most PHOTO_MAX_SIDE_PX on its longest side — so a 7 MB camera
// photo is accepted (and sent in seconds) instead of being refused as too large.

/** Photos up to this size are sent as they are. */
const PHOTO_SHRINK_THRESHOLD_BYTES = 1024 * 1024;
/** Enough for every detail of an ID card to stay legible. */
const PHOTO_MAX_SIDE_PX = 1600;
const JPEG_QUALITY = 0.85;

/** The size that fits inside max×max, keeping the proportions; never larger than the original. */
export function fittedSize(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** `kat.png` → `kat.jpg`: the name says what the bytes now are. */
export function jpegName(name: string): string {
  return `${name.replace(/\.[^./\\]*$/, '') || 'foto'}.jpg`;
}

const SENT_AS_IS = ['image/jpeg', 'image/png'];

/**
 * The photo to keep: a small JPG or PNG as it is; a large one, or another image format this
 * browser can draw (WebP from a gallery), as a JPEG. Never fails: any problem keeps the
 * original, which the form then checks (type, 5 MB).
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) return file;
  if (SENT_AS_IS.includes(file.type) && file.size <= PHOTO_SHRINK_THRESHOLD_BYTES) return file;
  if (typeof createImageBitmap !== 'function') return file;
  try {
    // The camera's orientation flag is applied, so a portrait photo stays upright.
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const { width, height } = fittedSize(bitmap.width, bitmap.height, PHOTO_MAX_SIDE_PX);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG gets white behind it, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    if (!blob || (SENT_AS_IS.includes(file.type) && blob.size >= file.size)) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  }
}

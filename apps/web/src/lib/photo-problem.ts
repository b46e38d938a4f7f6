import { type ImageProblem, imageProblemOf } from '@kreyolcash/domain';

/**
 * Why a picked photo cannot be used, or null: not a JPG or PNG, above 5 MB, or bytes this browser
 * cannot draw (a renamed or broken file), which would otherwise sit in the form as a broken
 * thumbnail until the server refused it.
 */
export async function photoProblemOf(file: File): Promise<ImageProblem | null> {
  const problem = imageProblemOf(file);
  if (problem) return problem;
  return (await canDraw(file)) ? null : 'image_invalid_type';
}

async function canDraw(file: File): Promise<boolean> {
  // Outside a browser (unit tests) there is nothing to draw with: the server checks the bytes.
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    bitmap.close();
    return true;
  } catch {
    return false;
  }
}

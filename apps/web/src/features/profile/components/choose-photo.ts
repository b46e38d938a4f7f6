import { AppError } from '@kreyolcash/domain';
import { photoProblemOf } from '@/lib/photo-problem';
import { shrinkPhoto } from '@/lib/shrink-photo';

/**
 * The photo to send for a picked file, or the reason it cannot be (spec §5): not an image →
 * image_invalid_type; still above 5 MB once redrawn → image_too_large. A large camera photo is
 * redrawn as a smaller JPEG first, so it is accepted rather than refused.
 */
export async function choosePhoto(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) throw new AppError('image_invalid_type');
  const photo = await shrinkPhoto(file);
  // A format this browser could not redraw (HEIC…) stays as it was, and the server takes only JPG
  // and PNG; bytes that do not draw as an image are refused here rather than sent.
  const problem = await photoProblemOf(photo);
  if (problem) throw new AppError(problem);
  return photo;
}

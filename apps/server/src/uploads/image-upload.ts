import { AppError, type ErrorCode } from '@kreyolcash/domain';
import type { FastifyRequest } from 'fastify';
import { type ProcessedImage, processImage } from './image-processing.ts';

// An uploaded photo, from the multipart body to the re-encoded image: the same rules wherever a
// photo arrives (sign-up, a new document photo), and the failure names the form's field.

/** The file of one multipart field; other parts are read and dropped, a second copy is ignored. */
export async function readImageField(request: FastifyRequest, field: string): Promise<Buffer | undefined> {
  if (!request.isMultipart()) throw new AppError('bad_request', { message: 'multipart/form-data expected' });
  let data: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file' || part.fieldname !== field || data) {
      if (part.type === 'file') await part.toBuffer().catch(() => undefined);
      continue;
    }
    data = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('image_too_large', { fields: { [field]: 'image_too_large' } });
      throw error;
    });
  }
  return data;
}

/** The photo checked and re-encoded (processImage), or the form's error on `field`. */
export async function requiredImage(
  data: Buffer | undefined,
  field: string,
  missing: ErrorCode,
): Promise<ProcessedImage> {
  if (!data || data.length === 0) throw new AppError(missing, { fields: { [field]: missing } });
  try {
    return await processImage(data);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.code, { message: error.message, fields: { [field]: error.code } });
    throw error;
  }
}

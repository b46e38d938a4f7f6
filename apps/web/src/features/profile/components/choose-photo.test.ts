import { IMAGE_UPLOAD_MAX_BYTES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { choosePhoto } from './choose-photo';

function fileOf(type: string, size: number, name = 'foto.png'): File {
  return new File([new Uint8Array(size)], name, { type });
}

describe('choosing a profile photo', () => {
  it('refuses what is not an image with image_invalid_type', async () => {
    await expect(choosePhoto(fileOf('application/pdf', 10, 'kontra.pdf'))).rejects.toMatchObject({
      code: 'image_invalid_type',
    });
  });

  it('keeps a small JPG or PNG as it is', async () => {
    const photo = fileOf('image/png', 2_000);
    await expect(choosePhoto(photo)).resolves.toBe(photo);
  });

  it('refuses a photo still above 5 MB (one the browser cannot redraw) with image_too_large', async () => {
    // Without a canvas (as here, outside a browser), the photo cannot be made smaller.
    await expect(choosePhoto(fileOf('image/jpeg', IMAGE_UPLOAD_MAX_BYTES + 1))).rejects.toMatchObject({
      code: 'image_too_large',
    });
  });

  it('refuses an image format the server does not take', async () => {
    await expect(choosePhoto(fileOf('image/heic', 1_000, 'foto.heic'))).rejects.toMatchObject({
      code: 'image_invalid_type',
    });
  });
});

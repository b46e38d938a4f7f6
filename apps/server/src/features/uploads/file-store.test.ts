import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFileStore, type FileStore, isFileKey, newImageKey } from './file-store.ts';

describe('diskFileStore', () => {
  let parentDir: string;
  let rootDir: string;
  let store: FileStore;
  beforeEach(async () => {
    parentDir = await mkdtemp(join(tmpdir(), 'kc-files-'));
    rootDir = join(parentDir, 'uploads');
    store = diskFileStore(rootDir);
  });
  afterEach(async () => {
    await rm(parentDir, { recursive: true, force: true });
  });

  it('gives back what was put, with the content type of the extension', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await store.put('profiles/abc-123.jpg', jpeg, 'image/jpeg');
    await store.put('documents/DEF_456.png', Buffer.from('png bytes'), 'image/png');
    expect(await store.get('profiles/abc-123.jpg')).toEqual({ data: jpeg, contentType: 'image/jpeg' });
    expect(await store.get('documents/DEF_456.png')).toEqual({
      data: Buffer.from('png bytes'),
      contentType: 'image/png',
    });
  });

  it('replaces a file whole and leaves no temporary file behind', async () => {
    await store.put('profiles/a.jpg', Buffer.from('first'), 'image/jpeg');
    await store.put('profiles/a.jpg', Buffer.from('second'), 'image/jpeg');
    expect((await store.get('profiles/a.jpg'))?.data.toString()).toBe('second');
    expect(await readdir(join(rootDir, 'profiles'))).toEqual(['a.jpg']);
  });

  it('finds nothing under a key that was never stored', async () => {
    expect(await store.get('profiles/missing.jpg')).toBeUndefined();
  });

  it('deletes a file, and deleting it again is not an error', async () => {
    await store.put('documents/x.png', Buffer.from('x'), 'image/png');
    await store.delete('documents/x.png');
    expect(await store.get('documents/x.png')).toBeUndefined();
    await expect(store.delete('documents/x.png')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the store, for every operation', async () => {
    await writeFile(join(parentDir, 'secret.jpg'), 'outside the store');
    const hostile = [
      '../secret.jpg',
      'profiles/../../secret.jpg',
      'profiles/../x.jpg',
      `${parentDir}/secret.jpg`,
      '/etc/passwd.jpg',
      'profiles/a/b.jpg',
      'profiles\\..\\..\\secret.jpg',
      'profiles/.jpg',
      'profiles/a.jpg\0.png',
      'profiles/a.gif',
      'profiles/a.JPG',
      'Profiles/a.jpg',
      'a.jpg',
      '',
    ];
    for (const key of hostile) {
      expect(isFileKey(key)).toBe(false);
      await expect(store.get(key)).rejects.toMatchObject({ code: 'bad_request' });
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
        code: 'bad_request',
      });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'bad_request' });
    }
    expect(await readdir(parentDir)).toEqual(['secret.jpg']);
  });

  it('refuses to store bytes under an extension that contradicts their content type', async () => {
    await expect(store.put('profiles/a.jpg', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      code: 'internal_error',
    });
  });
});

describe('newImageKey', () => {
  it('makes a fresh, valid key in the given folder with the given extension', () => {
    const first = newImageKey('profiles', 'jpg');
    expect(first).toMatch(/^profiles\/[0-9a-f-]{36}\.jpg$/);
    expect(isFileKey(first)).toBe(true);
    expect(newImageKey('documents', 'png')).toMatch(/^documents\/[0-9a-f-]{36}\.png$/);
    expect(newImageKey('profiles', 'jpg')).not.toBe(first);
  });
});

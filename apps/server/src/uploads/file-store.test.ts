import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bucketKeys, startTestS3Server, type TestS3Server } from '../test-support/s3-server.ts';
import { diskFileStore, type FileStore, isFileKey, newImageKey } from './file-store.ts';
import { s3ClientFor, s3FileStore } from './s3-file-store.ts';

// One contract, every store: the same behaviour on the local disk and on a real S3-protocol
// server (s3rver on loopback).
type OpenStore = { store: FileStore; storedKeys(): Promise<string[]>; close(): Promise<void> };
type StoreKind = { name: string; start(): Promise<{ open(): Promise<OpenStore>; stop(): Promise<void> }> };

const disk: StoreKind = {
  name: 'diskFileStore',
  start: async () => ({
    async open() {
      const parentDir = await mkdtemp(join(tmpdir(), 'kc-files-'));
      const rootDir = join(parentDir, 'uploads');
      return {
        store: diskFileStore(rootDir),
        storedKeys: () => filesUnder(rootDir),
        close: () => rm(parentDir, { recursive: true, force: true }),
      };
    },
    stop: async () => {},
  }),
};

const s3: StoreKind = {
  name: 's3FileStore on s3rver',
  async start() {
    const server = await startTestS3Server([]);
    const client = s3ClientFor(server.settings());
    let buckets = 0;
    return {
      async open() {
        // A fresh bucket per test, as the disk store gets a fresh folder.
        const bucket = `contract-${++buckets}`;
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
        return {
          store: s3FileStore(client, bucket),
          storedKeys: () => bucketKeys(client, bucket),
          close: async () => {},
        };
      },
      async stop() {
        client.destroy();
        await server.stop();
      },
    };
  },
};

// What the disk store holds, as keys: `folder/name` (temporary files included, to see them).
async function filesUnder(rootDir: string): Promise<string[]> {
  try {
    const entries = await readdir(rootDir, { recursive: true });
    return entries.filter((entry) => entry.includes('/')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

const HOSTILE_KEYS = [
  '../secret.jpg',
  'profiles/../../secret.jpg',
  'profiles/../x.jpg',
  '/tmp/secret.jpg',
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

describe.each([disk, s3])('$name', (kind) => {
  let stores: Awaited<ReturnType<StoreKind['start']>>;
  let opened: OpenStore;
  let store: FileStore;
  beforeAll(async () => {
    stores = await kind.start();
  });
  afterAll(async () => {
    await stores?.stop();
  });
  beforeEach(async () => {
    opened = await stores.open();
    store = opened.store;
  });
  afterEach(async () => {
    await opened.close();
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
    expect(await opened.storedKeys()).toEqual(['profiles/a.jpg']);
  });

  it('finds nothing under a key that was never stored', async () => {
    expect(await store.get('profiles/missing.jpg')).toBeUndefined();
  });

  it('deletes a file, and deleting it again is not an error', async () => {
    await store.put('documents/x.png', Buffer.from('x'), 'image/png');
    await store.delete('documents/x.png');
    expect(await store.get('documents/x.png')).toBeUndefined();
    await expect(store.delete('documents/x.png')).resolves.toBeUndefined();
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('refuses keys that could leave the store, for every operation', async () => {
    for (const key of HOSTILE_KEYS) {
      expect(isFileKey(key)).toBe(false);
      await expect(store.get(key)).rejects.toMatchObject({ code: 'bad_request' });
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
        code: 'bad_request',
      });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'bad_request' });
    }
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('refuses to store bytes under an extension that contradicts their content type', async () => {
    await expect(store.put('profiles/a.jpg', Buffer.from('x'), 'image/png')).rejects.toMatchObject({
      code: 'internal_error',
    });
    expect(await opened.storedKeys()).toEqual([]);
  });
});

describe('diskFileStore, beyond the contract', () => {
  it('never reaches a file outside its folder through a hostile key', async () => {
    const parentDir = await mkdtemp(join(tmpdir(), 'kc-files-'));
    try {
      await writeFile(join(parentDir, 'secret.jpg'), 'outside the store');
      const store = diskFileStore(join(parentDir, 'uploads'));
      for (const key of [...HOSTILE_KEYS, `${parentDir}/secret.jpg`]) {
        await expect(store.get(key)).rejects.toMatchObject({ code: 'bad_request' });
        await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
          code: 'bad_request',
        });
        await expect(store.delete(key)).rejects.toMatchObject({ code: 'bad_request' });
      }
      expect(await readdir(parentDir)).toEqual(['secret.jpg']);
    } finally {
      await rm(parentDir, { recursive: true, force: true });
    }
  });
});

describe('s3FileStore, beyond the contract', () => {
  let server: TestS3Server;
  let client: S3Client;
  let requests = 0;
  beforeAll(async () => {
    server = await startTestS3Server();
    client = s3ClientFor(server.settings());
    client.middlewareStack.add(
      (next) => (args) => {
        requests++;
        return next(args);
      },
      { step: 'initialize' },
    );
  });
  afterAll(async () => {
    client?.destroy();
    await server?.stop();
  });

  it('sends no request at all for a hostile key or a contradicting type', async () => {
    const store = s3FileStore(client, server.settings().bucket);
    const before = requests;
    for (const key of HOSTILE_KEYS) {
      await expect(store.get(key)).rejects.toMatchObject({ code: 'bad_request' });
      await expect(store.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
        code: 'bad_request',
      });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'bad_request' });
    }
    await expect(store.put('profiles/a.png', Buffer.from('x'), 'image/jpeg')).rejects.toMatchObject({
      code: 'internal_error',
    });
    expect(requests).toBe(before);
  });

  it('keeps the content type on the object itself', async () => {
    const bucket = server.settings().bucket;
    await s3FileStore(client, bucket).put('documents/typed.png', Buffer.from('png'), 'image/png');
    const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'documents/typed.png' }));
    await object.Body?.transformToByteArray();
    expect(object.ContentType).toBe('image/png');
  });

  it('fails loudly, never as a missing file, when the bucket does not exist', async () => {
    const store = s3FileStore(client, 'no-such-bucket');
    await expect(store.get('profiles/a.jpg')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(store.put('profiles/a.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
  });

  it('fails loudly when its access key is refused', async () => {
    // s3rver knows one access key; it does not recompute V4 signatures, so a wrong key is the
    // refusal it can show.
    const wrong = s3ClientFor({
      ...server.settings(),
      credentials: { accessKeyId: 'NOT-S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const store = s3FileStore(wrong, server.settings().bucket);
      await expect(store.get('profiles/a.jpg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
      await expect(store.delete('profiles/a.jpg')).rejects.toMatchObject({ name: 'InvalidAccessKeyId' });
    } finally {
      wrong.destroy();
    }
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

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createConfirmedUser, type SignedInUser, testJpeg } from '../test-support/accounts.ts';
import { bucketKeys, startTestS3Server, type TestS3Server } from '../test-support/s3-server.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { testDatabaseKind } from '../test-support/test-database.ts';
import { s3ClientFor } from './s3-file-store.ts';

// The whole app configured with S3_* (as an operator would), over a real S3-protocol server:
// sign-up's photos land in the bucket and come back through HTTP, and nothing touches the disk.
describe(`uploads in an S3 bucket on ${testDatabaseKind}`, () => {
  let s3: TestS3Server;
  let t: TestApp;
  let client: S3Client;
  let user: SignedInUser;
  const bucket = () => s3.settings().bucket;
  const objectBytes = async (key: string) => {
    const object = await client.send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  };
  const keyOf = (url: string) => url.replace('/api/files/', '');

  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await createTestApp(s3.env());
    client = s3ClientFor(s3.settings());
    user = await createConfirmedUser(t);
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.stop();
  });

  const me = async () => (await t.app.inject({ url: '/api/me', headers: bearer(user) })).json();

  it('keeps the sign-up photos in the bucket and none on the disk', async () => {
    expect(t.config.s3?.forcePathStyle).toBe(true);
    const profile = (await me()).profile_photo_url;
    const keys = await bucketKeys(client, bucket());
    expect(keys).toEqual([expect.stringMatching(/^documents\/[0-9a-f-]{36}\.jpg$/), keyOf(profile)]);
    expect(existsSync(join(t.dataDir, 'uploads'))).toBe(false);
  });

  it('serves the public profile photo and the private document photo byte for byte', async () => {
    const profile = await t.app.inject({ url: (await me()).profile_photo_url });
    expect(profile.statusCode).toBe(200);
    // Sign-up's profile photo is a PNG (test-support/accounts.ts), its document photo a JPEG.
    expect(profile.headers['content-type']).toBe('image/png');
    expect(profile.rawPayload).toEqual(await objectBytes(keyOf((await me()).profile_photo_url)));

    const [documentKey] = (await bucketKeys(client, bucket())).filter((key) => key.startsWith('documents/'));
    const document = await t.app.inject({ url: '/api/me/document-photo', headers: bearer(user) });
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('image/jpeg');
    expect(document.headers['cache-control']).toBe('private, no-store');
    expect(document.rawPayload).toEqual(await objectBytes(documentKey ?? ''));
    expect((await t.app.inject({ url: '/api/me/document-photo' })).statusCode).toBe(401);
  });

  it('replaces the profile photo: the new object is served, the old one is gone', async () => {
    const before = (await me()).profile_photo_url;
    const form = new FormData();
    form.append('photo', new Blob([await testJpeg(320, 240)]), 'me.jpg');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/photo',
      headers: bearer(user),
      payload: form,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().profile_photo_url;
    expect(after).toMatch(/^\/api\/files\/profiles\/[0-9a-f-]{36}\.jpg$/);

    const served = await t.app.inject({ url: after });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload).toEqual(await objectBytes(keyOf(after)));
    expect((await t.app.inject({ url: before })).statusCode).toBe(404);
    const profiles = (await bucketKeys(client, bucket())).filter((key) => key.startsWith('profiles/'));
    expect(profiles).toEqual([keyOf(after)]);
  });
});

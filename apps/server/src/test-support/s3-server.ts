import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// A maintained fork of s3rver, same API: the original's last release pulls fast-xml-parser 3 and
// dicer, both with known advisories.
import S3rver from '@20minutes/s3rver';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';

// s3rver's only account: it refuses any other access key id (it does not recompute V4 signatures).
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export type TestS3Server = {
  endpoint: string;
  /** The settings of a bucket made at start (path style, s3rver's keys). */
  settings(bucket?: string): S3Settings;
  /** The same as S3_* variables, for createTestApp. */
  env(bucket?: string): Record<string, string>;
  stop(): Promise<void>;
};

export const TEST_BUCKET = 'kreyolcash-uploads';

/**
 * A real S3-protocol server (s3rver) on 127.0.0.1 at a free port, keeping its objects in a
 * temporary folder that stop() removes. `buckets` are made before it answers.
 */
export async function startTestS3Server(buckets: string[] = [TEST_BUCKET]): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'kc-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only: no per-bucket host names on loopback.
    vhostBuckets: false,
    // It checks V4 signatures but signs a bucket's own path without the trailing slash that the
    // AWS SDK signs, so a listing would be refused; the access key id is still checked.
    allowMismatchedSignatures: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = (bucket = TEST_BUCKET): S3Settings => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    settings,
    env: (bucket = TEST_BUCKET) => ({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    }),
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Every key in a bucket, sorted: what the store really holds. */
export async function bucketKeys(client: S3Client, bucket: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

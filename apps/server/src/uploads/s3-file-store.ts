import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { assertContentTypeOfKey, checkedFileKey, contentTypeOfKey, type FileStore } from './file-store.ts';

export function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: the SDK's newer default (CRC32 headers on every
    // upload and download) is refused by several S3-compatible servers. TLS and the signature
    // already cover the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

// The bucket stays private: files are served only through the API, which checks who may see them
// (a document photo only to its owner and to back-office reviewers), so no object gets a public
// or presigned URL. Keys are the store's keys as they are, e.g. `profiles/<uuid>.jpg`.
export function s3FileStore(client: S3Client, bucket: string): FileStore {
  return {
    async put(key, data, contentType) {
      checkedFileKey(key);
      assertContentTypeOfKey(key, contentType);
      // One PUT is atomic in S3: a reader sees the old object or the whole new one.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      checkedFileKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return {
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: object.ContentType ?? contentTypeOfKey(key),
        };
      } catch (error) {
        // Only a missing object is "not there"; a missing bucket or refused credentials are
        // configuration faults and must surface.
        if (error instanceof NoSuchKey) return undefined;
        throw error;
      }
    },
    async delete(key) {
      checkedFileKey(key);
      // S3 answers 204 whether or not the object existed, so cleanup can always run.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

import { join } from 'node:path';
import type { Config } from '../config.ts';
import { diskFileStore, type FileStore } from './file-store.ts';

/**
 * The one place that chooses where uploads live: S3 when S3_BUCKET is set, else DATA_DIR/uploads.
 * The AWS SDK loads only when S3 is configured (about a quarter of a second of every start).
 */
export async function fileStoreFor(config: Config): Promise<FileStore> {
  if (config.s3) {
    const { s3ClientFor, s3FileStore } = await import('./s3-file-store.ts');
    return s3FileStore(s3ClientFor(config.s3), config.s3.bucket);
  }
  return diskFileStore(join(config.dataDir, 'uploads'));
}

/** Where uploads go, for the start-up log line (no credentials in it). */
export function fileStoreName(config: Config): string {
  if (!config.s3) return 'disk';
  // The endpoint's host only: a URL may carry a user and password.
  const at = config.s3.endpoint ? ` at ${new URL(config.s3.endpoint).host}` : '';
  return `s3://${config.s3.bucket}${at}`;
}

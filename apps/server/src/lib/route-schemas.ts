import { errorKey } from '@kreyolcash/domain';
import { z } from 'zod';

/** `:id` in a path; whether it names a row is for the route to say (404 for anything else). */
export const idParams = z.object({ id: z.string() });

/**
 * The Idempotency-Key of the POSTs that start a movement (a transfer, a purchase): printable
 * ASCII, 8 to 200 characters, so a UUID fits and a key cannot smuggle anything into logs or
 * storage. Required: without it a retried request would hold the money twice.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string(errorKey('idempotency_key_required'))
    .min(8, errorKey('validation_error'))
    .max(200, errorKey('validation_error'))
    .regex(/^[\x21-\x7e]+$/, errorKey('validation_error')),
});

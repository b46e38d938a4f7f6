import { z } from 'zod';

/** `:id` in a path; whether it names a row is for the route to say (404 for anything else). */
export const idParams = z.object({ id: z.string() });

/**
 * The optional Idempotency-Key of money-moving POSTs: printable ASCII, 8 to 200 characters, so a
 * UUID fits and a key cannot smuggle anything into logs or storage.
 */
export const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(8)
    .max(200)
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
});

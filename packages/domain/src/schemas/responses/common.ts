import { z } from 'zod';
import { named } from '../contract.ts';

// Shapes that many operations answer with.

/** An action that has nothing to return but that it was done. */
export const okSchema = named('Ok', z.object({ ok: z.literal(true) }));
export type Ok = z.output<typeof okSchema>;

/**
 * An instant. The server holds a Date (what the database gives); the wire, the document and the
 * clients carry its ISO 8601 text in UTC, so z.output (what a client's type says) is a string.
 */
export const timestampSchema = named(
  'Timestamp',
  z.codec(z.date(), z.iso.datetime(), {
    decode: (date) => date.toISOString(),
    encode: (text) => new Date(text),
  }),
  'An instant: ISO 8601, UTC',
);
export type Timestamp = z.output<typeof timestampSchema>;

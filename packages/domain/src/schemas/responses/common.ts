import { z } from 'zod';
import { named } from '../contract.ts';

// Shapes that many operations answer with.

/** An action that has nothing to return but that it was done. */
export const okSchema = named('Ok', z.object({ ok: z.literal(true) }));
export type Ok = z.output<typeof okSchema>;

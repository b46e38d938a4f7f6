import { z } from 'zod';

// A page of a back-office queue: where the last page ended (its next_cursor) and how many rows to
// read, 50 unless asked.
export const queuePageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.ts';
import { named } from './contract.ts';

// The zod side of the error codes, for the server's response schemas, OpenAPI and the forms. Kept
// apart from error-codes.ts and app-error.ts so that the web app's API client, which needs only
// those two, does not load zod.
export const errorCodeSchema = named('ErrorCode', z.enum(ERROR_CODES));

// The exact shape of the body the server sends with every failure (ErrorBody in app-error.ts).
export const errorBodySchema = named(
  'ErrorBody',
  z.object({
    error: z.object({
      code: errorCodeSchema,
      message: z.string(),
      fields: z.record(z.string(), errorCodeSchema).optional(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  'Every refusal: `code` is what a client switches on; `message` is for logs, never for people.',
);

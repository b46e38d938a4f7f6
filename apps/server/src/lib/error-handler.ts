import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorCodeForStatus,
  isErrorCode,
} from '@kreyolcash/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

// The one error handler: every failure leaves as `{ error: { code, message, fields? } }` with the
// spec's key as code. 4xx messages go out; a 5xx becomes a generic message and a log line.
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, 'server error');
      const retryAfter = error.details?.retry_after_s;
      if (error.status === 429 && typeof retryAfter === 'number')
        reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation);
      const first = Object.values(fields)[0] ?? 'validation_error';
      return reply.status(422).send(new AppError(first, { status: 422, fields }).toBody());
    }
    // The client's bytes, not the server, are wrong: a 400. Input that reaches the database
    // unchecked deserves a schema rule, hence the warning and its own message (the fuzz test
    // looks for it).
    if (isMalformedMultipart(error, request)) {
      return reply
        .status(400)
        .send(new AppError('bad_request', { message: 'Malformed multipart body' }).toBody());
    }
    if (isBadDataForDatabase(error)) {
      request.log.warn({ err: error }, 'unchecked input reached the database');
      return reply.status(400).send(new AppError('bad_request', { message: UNSTORABLE_VALUE }).toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(new AppError(errorCodeForStatus(status), { status, message: error.message }).toBody());
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', 'Something went wrong. Please try again.'));
  });
}

/**
 * Fastify's router refuses a path it cannot decode or a path parameter over its length before
 * any route runs; without this its own body (code FST_ERR_…) would leave instead of ours.
 */
export function refuseMalformedUrl(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  reply.status(400).send(errorBody('bad_request', error.message));
}

// Busboy's errors for a body that is not well-formed multipart (truncated, no or another
// boundary) come without a status; they are the client's, like a malformed JSON body.
const MALFORMED_MULTIPART =
  /^(?:Multipart: Boundary not found|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Malformed part header|Unsupported Content-Type\.|Missing Content-Type-header\.)$/;

function isMalformedMultipart(error: Error, request: FastifyRequest): boolean {
  return request.isMultipart() && MALFORMED_MULTIPART.test(error.message);
}

// PostgreSQL's data exceptions for a value it cannot take: a NUL or invalid byte in text
// (22021, 22P05), text that is not a uuid or number (22P02), a number or date out of range
// (22003, 22008, 22007). Only input brings them; the schemas should have refused it first.
export const UNSTORABLE_VALUE = 'A value in the request cannot be stored';
const BAD_DATA_CODES = new Set(['22021', '22P05', '22P02', '22003', '22008', '22007']);

function isBadDataForDatabase(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && BAD_DATA_CODES.has(code);
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message } };
}

// Schemas carry error keys as their messages (packages/domain), so each field maps to its key.
function fieldsOf(
  validation: { instancePath: string; message?: string; params: unknown }[],
): Record<string, ErrorCode> {
  const fields: Record<string, ErrorCode> = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || fieldFromParams(issue.params);
    const code = issue.message && isErrorCode(issue.message) ? issue.message : 'validation_error';
    if (!(field in fields)) fields[field] = code;
  }
  return fields;
}

function fieldFromParams(params: unknown): string {
  const issue = (params as { issue?: { path?: unknown[] } })?.issue;
  return issue?.path?.join('.') ?? '';
}

import {
  AppError,
  type ErrorBody,
  type ErrorCode,
  errorCodeForStatus,
  isErrorCode,
} from '@kreyolcash/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
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

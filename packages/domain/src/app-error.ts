import { type ErrorCode, errorCodeForStatus, httpStatusOf, isErrorCode } from './error-codes.ts';

// No zod here: the web app's API client loads this module on every screen, and zod (~25 KB
// gzipped) should load only with the forms. The zod schema of the body (for the server's
// response schemas and OpenAPI) is errorBodySchema in schemas/errors.ts.

// Which key failed for which field, e.g. `{ documento: 'document_invalid' }`.
export type FieldErrors = Record<string, ErrorCode>;

export type AppErrorOptions = {
  // For logs and developers; users see the translation of `code`.
  message?: string;
  // Defaults to the code's status in ERROR_HTTP_STATUS.
  status?: number;
  fields?: FieldErrors;
  // Extra facts a client may show, e.g. `{ tentativas_restantes: 2 }` for invalid_codes.
  details?: Record<string, unknown>;
  cause?: unknown;
};

// The wire shape of every failure (API.md): `{ error: { code, message, fields?, details? } }`.
export type ErrorBody = {
  error: { code: ErrorCode; message: string; fields?: FieldErrors; details?: Record<string, unknown> };
};

// What a client accepts: a newer server may send a code this build does not know yet.
type ReceivedError = {
  code: string;
  message?: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
};

// The one error type of server and client alike: the server throws it and its error handler
// writes toBody(); the client turns every failed call back into one with fromBody().
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.message ?? code, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options.status ?? httpStatusOf(code);
    this.fields = options.fields;
    this.details = options.details;
  }

  toBody(): ErrorBody {
    const error: ErrorBody['error'] = { code: this.code, message: this.message };
    if (this.fields && Object.keys(this.fields).length > 0) error.fields = this.fields;
    if (this.details) error.details = this.details;
    return { error };
  }

  // Rebuilds the error from a response; an unknown code becomes unexpected_error (the original
  // code stays in the message) and a body without one gets the code its status implies.
  static fromBody(status: number, body: unknown): AppError {
    const received = readReceivedError(body);
    if (!received) return new AppError(errorCodeForStatus(status), { status });
    const { code, message, fields, details } = received;
    if (!isErrorCode(code)) {
      return new AppError('unexpected_error', { status, message: `${code}: ${message ?? ''}`, details });
    }
    return new AppError(code, { status, message: message ?? code, fields: knownFields(fields), details });
  }

  // Anything thrown, as an AppError; what is not one already is unexpected by definition.
  static from(error: unknown): AppError {
    if (error instanceof AppError) return error;
    const message = error instanceof Error ? error.message : String(error);
    return new AppError('unexpected_error', { message, cause: error });
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

function knownFields(fields: Record<string, string> | undefined): FieldErrors | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(
    Object.entries(fields).map(([field, code]) => [field, isErrorCode(code) ? code : 'validation_error']),
  );
}

// The error part of a failure's body, or undefined when the body does not have the wire shape (a
// proxy's HTML page, a field of the wrong type): then the status alone names the failure.
function readReceivedError(body: unknown): ReceivedError | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const { code, message, fields, details } = body.error;
  if (typeof code !== 'string') return undefined;
  if (message !== undefined && typeof message !== 'string') return undefined;
  if (fields !== undefined && !isStringRecord(fields)) return undefined;
  if (details !== undefined && !isRecord(details)) return undefined;
  return { code, message, fields, details };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error.ts';
import { errorBodySchema } from './schemas/errors.ts';

describe('AppError', () => {
  it('takes its default status from the code', () => {
    const error = new AppError('invalid_credentials');
    expect(error.status).toBe(401);
    expect(error.message).toBe('invalid_credentials');
    expect(error.name).toBe('AppError');
    expect(error).toBeInstanceOf(Error);
    expect(isAppError(error)).toBe(true);
  });

  it('keeps a given message, status, fields, details and cause', () => {
    const cause = new Error('db down');
    const error = new AppError('invalid_codes', {
      message: 'wrong code',
      status: 400,
      fields: { codigo: 'invalid_codes' },
      details: { tentativas_restantes: 2 },
      cause,
    });
    expect(error).toMatchObject({ code: 'invalid_codes', message: 'wrong code', status: 400 });
    expect(error.fields).toEqual({ codigo: 'invalid_codes' });
    expect(error.details).toEqual({ tentativas_restantes: 2 });
    expect(error.cause).toBe(cause);
  });

  it('writes the API error body, leaving out empty parts', () => {
    expect(new AppError('max_amount_error', { message: 'too much' }).toBody()).toEqual({
      error: { code: 'max_amount_error', message: 'too much' },
    });
    const withFields = new AppError('validation_error', { fields: { email: 'email_invalid' } }).toBody();
    expect(withFields.error.fields).toEqual({ email: 'email_invalid' });
    expect(errorBodySchema.safeParse(withFields).success).toBe(true);
    expect(new AppError('bad_request', { fields: {} }).toBody().error).not.toHaveProperty('fields');
  });

  it('reads back a body the server wrote', () => {
    const sent = new AppError('invalid_codes', { details: { tentativas_restantes: 1 } });
    const received = AppError.fromBody(422, JSON.parse(JSON.stringify(sent.toBody())));
    expect(received).toMatchObject({
      code: 'invalid_codes',
      status: 422,
      details: { tentativas_restantes: 1 },
    });
  });

  it('turns an unknown code into unexpected_error and keeps it in the message', () => {
    const received = AppError.fromBody(418, { error: { code: 'teapot', message: 'short and stout' } });
    expect(received.code).toBe('unexpected_error');
    expect(received.status).toBe(418);
    expect(received.message).toContain('teapot');
  });

  it('turns unknown field keys into validation_error', () => {
    const received = AppError.fromBody(422, {
      error: { code: 'validation_error', message: 'x', fields: { a: 'email_invalid', b: 'Required' } },
    });
    expect(received.fields).toEqual({ a: 'email_invalid', b: 'validation_error' });
  });

  it('names a body without a code by its status', () => {
    expect(AppError.fromBody(429, '<html>Too Many Requests</html>').code).toBe('rate_limited');
    expect(AppError.fromBody(0, undefined).code).toBe('network_error');
    expect(AppError.fromBody(503, null).status).toBe(503);
  });

  it('goes by the status when a part of the body has the wrong type', () => {
    expect(AppError.fromBody(404, { error: { code: 42 } }).code).toBe('not_found');
    expect(AppError.fromBody(422, { error: { code: 'invalid_codes', message: 7 } }).code).toBe(
      'validation_error',
    );
    expect(AppError.fromBody(422, { error: { code: 'invalid_codes', fields: { a: 1 } } }).code).toBe(
      'validation_error',
    );
    expect(AppError.fromBody(403, { error: { code: 'forbidden', details: [1] } }).code).toBe('forbidden');
    expect(AppError.fromBody(403, { error: { code: 'forbidden', details: [1] } }).details).toBeUndefined();
    expect(AppError.fromBody(401, { error: 'unauthorized' }).status).toBe(401);
    expect(AppError.fromBody(500, [{ error: { code: 'forbidden' } }]).code).toBe('internal_error');
  });

  it('wraps anything thrown as unexpected_error, and leaves an AppError alone', () => {
    const original = new AppError('forbidden');
    expect(AppError.from(original)).toBe(original);
    const wrapped = AppError.from(new TypeError('boom'));
    expect(wrapped).toMatchObject({ code: 'unexpected_error', message: 'boom', status: 500 });
    expect(AppError.from('plain text').message).toBe('plain text');
  });
});

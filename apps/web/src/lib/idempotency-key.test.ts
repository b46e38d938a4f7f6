import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency-key';

describe('the Idempotency-Key', () => {
  it('is a version 4 UUID, new on every call', () => {
    const keys = Array.from({ length: 100 }, () => newIdempotencyKey());
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(new Set(keys).size).toBe(keys.length);
  });
});

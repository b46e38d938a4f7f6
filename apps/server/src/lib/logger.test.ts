import { describe, expect, it } from 'vitest';
import { maskUrl } from './logger.ts';

describe('maskUrl', () => {
  it('masks secret-looking query values and keeps the others', () => {
    expect(maskUrl('/api/x?token=abc&page=2&codigo=123456')).toBe(
      '/api/x?token=%5Bredacted%5D&page=2&codigo=%5Bredacted%5D',
    );
  });

  it('leaves a URL without a query as it is', () => {
    expect(maskUrl('/api/health')).toBe('/api/health');
  });
});

import { describe, expect, it } from 'vitest';
import { decodePageCursor, encodePageCursor, pageOf } from './page-cursor.ts';

const cursor = { at: '2025-01-02T10:00:00.123456Z', id: '0b9f6a52-5d0e-4c1a-9a57-3f1d2b1e4c11' };

describe('page cursors', () => {
  it('read back what they encode', () => {
    expect(decodePageCursor(encodePageCursor(cursor))).toEqual(cursor);
  });

  it.each([
    'garbage',
    Buffer.from('2025-01-02|not-a-uuid').toString('base64url'),
    Buffer.from(`2025-01-02T10:00:00Z|${cursor.id}`).toString('base64url'),
    Buffer.from(`${cursor.at}|${cursor.id}|extra`).toString('base64url'),
  ])('read %s, which this server did not make, as no cursor', (text) => {
    expect(decodePageCursor(text)).toBeUndefined();
  });

  it('carry a bigint id (the audit trail’s) only when asked to', () => {
    const text = encodePageCursor({ at: cursor.at, id: '1234' });
    expect(decodePageCursor(text, 'bigint')).toEqual({ at: cursor.at, id: '1234' });
    expect(decodePageCursor(text)).toBeUndefined();
    expect(decodePageCursor(encodePageCursor(cursor), 'bigint')).toBeUndefined();
    expect(decodePageCursor(encodePageCursor({ at: cursor.at, id: '0' }), 'bigint')).toBeUndefined();
  });

  it('give the next cursor only when a row beyond the page was fetched', () => {
    const rows = [1, 2, 3].map((n) => ({ id: `id-${n}`, cursor_at: `at-${n}` }));
    expect(pageOf(rows, 3)).toEqual({ page: rows, nextCursor: null });
    const { page, nextCursor } = pageOf(rows, 2);
    expect(page).toEqual(rows.slice(0, 2));
    expect(Buffer.from(nextCursor ?? '', 'base64url').toString()).toBe('at-2|id-2');
  });
});

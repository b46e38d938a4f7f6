import { expect } from 'vitest';

type Page = { items: Array<{ id: string }>; total: number; next_cursor: string | null };

/**
 * Every page of a back-office list, following each page's next_cursor: the ids in order. Each
 * page holds at most `limit`, and every page gives the same total, which is how many were read.
 */
export async function walkPages(read: (query: string) => Promise<Page>, limit: number): Promise<string[]> {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | null = '';
  for (let pages = 0; cursor !== null; pages += 1) {
    expect(pages).toBeLessThan(1000);
    const page: Page = await read(`limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    ids.push(...page.items.map((item) => item.id));
    totals.add(page.total);
    cursor = page.next_cursor;
  }
  expect([...totals]).toEqual([ids.length]);
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { isUuid } from './ids.ts';

// Keyset pagination of lists ordered on (a timestamp, id), newest first or (a queue) oldest first.
// The cursor is the last row's pair, base64url-encoded: opaque to clients, and stable while rows
// are added (an offset would skip or repeat rows).

/** The last row of a page: its timestamp to the microsecond and its id. */
export type PageCursor = { at: string; id: string };

const EXACT_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * A timestamptz column as UTC text to the microsecond: a JavaScript Date keeps only milliseconds,
 * and a cursor rounded down would repeat rows that share the millisecond.
 */
export function exactTimestamp(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows strictly after the cursor in (timestamp, id) order, descending unless `order` is 'asc'. */
export function afterCursor(p: {
  timestampColumn: string;
  idColumn: string;
  cursor: PageCursor;
  /** The id column's type: uuid, or bigint for identity ids (the audit trail). */
  idType?: 'uuid' | 'bigint';
  order?: 'asc' | 'desc';
}) {
  const row = sql`(${sql.ref(p.timestampColumn)}, ${sql.ref(p.idColumn)})`;
  const id = p.idType === 'bigint' ? sql`${p.cursor.id}::bigint` : sql`${p.cursor.id}::uuid`;
  const after = p.order === 'asc' ? sql`>` : sql`<`;
  return sql<boolean>`${row} ${after} (${p.cursor.at}::timestamptz, ${id})`;
}

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

const BIGINT_ID = /^[1-9]\d{0,17}$/;

/** A cursor this server did not make reads as none: the first page. */
export function decodePageCursor(
  text: string | undefined,
  idType: 'uuid' | 'bigint' = 'uuid',
): PageCursor | undefined {
  if (!text) return undefined;
  const [at, id, ...rest] = Buffer.from(text, 'base64url').toString().split('|');
  const idOk = id !== undefined && (idType === 'bigint' ? BIGINT_ID.test(id) : isUuid(id));
  if (rest.length > 0 || !at || !EXACT_TIMESTAMP.test(at) || !idOk) return undefined;
  return { at, id };
}

/**
 * Splits rows fetched with limit + 1 into the page and the cursor of the next one (null when
 * this page is the last).
 */
export function pageOf<Row extends { id: string; cursor_at: string }>(
  rows: Row[],
  limit: number,
): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last ? encodePageCursor({ at: last.cursor_at, id: last.id }) : null;
  return { page, nextCursor };
}

/**
 * A page of `query`'s rows in (`column`, `idColumn`) order from the cursor on, and the cursor of
 * the next page (null on the last). The query selects the row's `id`; the page adds the order.
 */
export async function keysetPage<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  p: {
    column: string;
    idColumn: string;
    order: 'asc' | 'desc';
    cursor: PageCursor | undefined;
    limit: number;
  },
): Promise<{ rows: O[]; nextCursor: string | null }> {
  let paged = query.select(exactTimestamp(p.column).as('cursor_at'));
  if (p.cursor) {
    paged = paged.where(
      afterCursor({ timestampColumn: p.column, idColumn: p.idColumn, cursor: p.cursor, order: p.order }),
    );
  }
  const found = (await paged
    .orderBy(sql.ref(p.column), p.order)
    .orderBy(sql.ref(p.idColumn), p.order)
    .limit(p.limit + 1)
    .execute()) as Array<O & { cursor_at: string }>;
  const { page, nextCursor } = pageOf(found, p.limit);
  return { rows: page.map(({ cursor_at: _, ...row }) => row as unknown as O), nextCursor };
}

/** How many rows a selection holds: the total a list's pages are shown under. */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = (await query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: string };
  return Number(row.n);
}

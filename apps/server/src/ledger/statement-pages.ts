import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { CallBatcher, onePer } from '../lib/call-batcher.ts';
import {
  listStatement,
  listStatements,
  type PageQuery,
  type StatementPageJson,
} from './statement.repository.ts';

// The statement pages asked while the lanes' calls are out go together in the next free lane's
// call: one round trip and one statement for all of them, each page still read at the time of its
// request (a read has no order to keep, so the pages share one queue). Two lanes, so that
// PostgreSQL reads one call while the server answers the other's (docs/performance.md, sessions 24
// and 36). Only the primary's reads are batched.
const LANES = 2;
const MAX_BATCH = 32;

/** The statement pages of a database handle, batched under load (one call when the server is quiet). */
export const statementPages = onePer(
  (db: Kysely<DB>) =>
    new CallBatcher<PageQuery, StatementPageJson>({
      lanes: LANES,
      maxBatch: MAX_BATCH,
      runOne: (page) => listStatement(db, page),
      runMany: (pages) => listStatements(db, pages),
    }),
);

/**
 * A page of a person's statement, newest first, keyset-paginated on (criado_em, id). A read inside
 * a transaction (a standby's, which checks the standby's position in the same transaction) is that
 * request's alone, so it reads at once.
 */
export function readStatementPage(db: Kysely<DB>, page: PageQuery): Promise<StatementPageJson> {
  return db.isTransaction ? listStatement(db, page) : statementPages(db).run(page);
}

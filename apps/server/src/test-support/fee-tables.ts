import type { FeeBand, FeeOperation } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Replaces an operation's fee bands straight in the database, in one transaction: the tests of the
 * fee's SQL and of the holds that read it, which need tables the back office's checks would refuse
 * or need quickly. The back office's own route has its tests (fees.test.ts).
 */
export async function replaceFeeBands(
  db: Kysely<DB>,
  operacao: FeeOperation,
  bands: FeeBand[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tarifa_faixas').where('operacao', '=', operacao).execute();
    if (bands.length > 0)
      await trx
        .insertInto('tarifa_faixas')
        .values(bands.map((band) => ({ operacao, ...band })))
        .execute();
  });
}

import {
  AMOUNT_CEILING_CENTIS,
  AppError,
  FEE_OPERATIONS,
  type FeeBand,
  type FeeOperation,
  type FeeQuote,
  feeFor,
  feeTableProblem,
} from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

// The published fee tables (migration 0014, rule in packages/domain/src/fees.ts). They are money
// rules, so they live behind the ledger's door: the fees feature and the back office read and
// replace them here, and the cash-out reads the fee for its amount with the same function in the
// transaction of its hold (quoteFee with lock: the table cannot be replaced until it ends). A
// transfer's fee is read by the ledger's own SQL in its hold (sql/fees.sql, kc_tarifa), by the
// same rule, without a lock: it is the fee of the hold's snapshot, checked against what the payer saw.

type Db = Kysely<DB> | Transaction<DB>;

export type FeeTable = { operacao: FeeOperation; faixas: FeeBand[]; atualizado_em: Date };

/** A fee for an amount: the split of the fee, what the paying side gives and what the other gets. */
export type FeeQuoteFor = FeeQuote & {
  operacao: FeeOperation;
  quantidade_centis: number;
  /** amount + fee: what a cash-out holds from the wallet. */
  total_centis: number;
  /** The amount: on a cash-out, the cash the customer receives. */
  recebe_centis: number;
};

const BAND_COLUMNS = [
  'f.de_centis',
  'f.ate_centis',
  'f.fixa_centis',
  'f.percentual_bp',
  'f.comissao_bp',
] as const;

/**
 * Tables by operation, read in one statement (one snapshot: never half of a replacement). With
 * lock, the tables' rows are held FOR SHARE until the transaction ends, so a replacement waits.
 */
async function readTables(db: Db, operacoes: readonly FeeOperation[], lock = false): Promise<FeeTable[]> {
  let query = db
    .selectFrom('tarifas as t')
    .leftJoin('tarifa_faixas as f', 'f.operacao', 't.operacao')
    .select(['t.operacao', 't.atualizado_em', ...BAND_COLUMNS])
    .where('t.operacao', 'in', operacoes)
    .orderBy('t.operacao')
    .orderBy('f.de_centis');
  if (lock) query = query.forShare('t');
  const rows = await query.execute();
  const tables = new Map<string, FeeTable>();
  for (const row of rows) {
    const operacao = row.operacao as FeeOperation;
    let table = tables.get(operacao);
    if (!table) {
      table = { operacao, faixas: [], atualizado_em: row.atualizado_em };
      tables.set(operacao, table);
    }
    if (row.de_centis === null) continue;
    table.faixas.push({
      de_centis: row.de_centis,
      ate_centis: row.ate_centis as number,
      fixa_centis: row.fixa_centis as number,
      percentual_bp: row.percentual_bp as number,
      comissao_bp: row.comissao_bp as number,
    });
  }
  return operacoes.map((operacao) => {
    const table = tables.get(operacao);
    if (!table) throw new Error(`no fee table for ${operacao}: migration 0014 seeds one per operation`);
    return table;
  });
}

/** Every operation's table, in the order of FEE_OPERATIONS. */
export function feeTables(db: Db): Promise<FeeTable[]> {
  return readTables(db, FEE_OPERATIONS);
}

/**
 * The fee for an amount under its operation's current table. 422 amount_above_fee_bands above the
 * table's last band; 422 amount_too_large when amount + fee would pass the ceiling of every amount.
 * With lock (inside a transaction), the table stays as read until the transaction ends.
 */
export async function quoteFee(
  db: Db,
  operacao: FeeOperation,
  amountCentis: number,
  options: { lock?: boolean } = {},
): Promise<FeeQuoteFor> {
  const [table] = await readTables(db, [operacao], options.lock);
  const quote = feeFor(table?.faixas ?? [], amountCentis);
  if (!quote) {
    const last = table?.faixas.at(-1)?.ate_centis;
    throw new AppError('amount_above_fee_bands', { details: { limite_centis: last } });
  }
  const total = amountCentis + quote.tarifa_centis;
  if (total > AMOUNT_CEILING_CENTIS) throw new AppError('amount_too_large');
  return {
    operacao,
    quantidade_centis: amountCentis,
    ...quote,
    total_centis: total,
    recebe_centis: amountCentis,
  };
}

/**
 * Replaces an operation's whole table, in the caller's transaction (which records the audit row
 * with the before and after returned). The table's row is locked first, so replacements of one
 * operation queue and each one's "before" is what it replaced. A table the domain refuses throws
 * its named code (422) with the band's index in details.faixa.
 */
export async function replaceFeeTable(
  trx: Transaction<DB>,
  operacao: FeeOperation,
  faixas: readonly FeeBand[],
  operatorId: string,
): Promise<{ before: FeeTable; after: FeeTable }> {
  const problem = feeTableProblem(faixas, operacao);
  if (problem) throw new AppError(problem.code, { details: { faixa: problem.faixa } });
  await trx.selectFrom('tarifas').select('operacao').where('operacao', '=', operacao).forUpdate().execute();
  const [before] = await readTables(trx, [operacao]);
  await trx.deleteFrom('tarifa_faixas').where('operacao', '=', operacao).execute();
  if (faixas.length > 0) {
    await trx
      .insertInto('tarifa_faixas')
      .values(
        faixas.map((band) => ({
          operacao,
          de_centis: band.de_centis,
          ate_centis: band.ate_centis,
          fixa_centis: band.fixa_centis,
          percentual_bp: band.percentual_bp,
          comissao_bp: band.comissao_bp,
        })),
      )
      .execute();
  }
  await trx
    .updateTable('tarifas')
    .set({ atualizado_em: new Date(), atualizado_por: operatorId })
    .where('operacao', '=', operacao)
    .execute();
  const [after] = await readTables(trx, [operacao]);
  if (!before || !after) throw new Error(`no fee table for ${operacao}`);
  return { before, after };
}

/**
 * Records the ₭/HTG rate in force (basis points of a gourde per ₭) where the ledger's receipts read
 * it (migration 0018): each start with the agents' setting writes its KC_HTG_RATE.
 */
export async function publishHtgRate(db: Kysely<DB>, htgPerKcBp: number): Promise<void> {
  await db
    .insertInto('cotacao_htg')
    .values({ htg_por_kc_bp: htgPerKcBp })
    .onConflict((oc) =>
      oc.column('unica').doUpdateSet({ htg_por_kc_bp: htgPerKcBp, atualizado_em: new Date() }),
    )
    .execute();
}

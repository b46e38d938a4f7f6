import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { callRaw } from './ledger-call.ts';
import { refusalSchema } from './results.ts';

// Moderation's part of the ledger's facade (sql/moderation.sql): a company's or a product's
// status changes, and every purchase still waiting for its code there is voided — money and
// stock released — in the caller's transaction, so the operator's audit row and the owner's
// message commit with it. The caller retries the whole transaction when PostgreSQL asks (a
// purchase in flight can meet the change in a deadlock, which one side retries).

export type CompanyStatus = 'ATIVA' | 'SUSPENSA' | 'INATIVA';
export type ProductModerationStatus = 'ATIVO' | 'INATIVO';

const uuid = z.uuid();
const moderated = {
  ok: z.literal(true),
  responsavel_id: uuid,
  antes: z.string(),
  depois: z.string(),
  /** The purchases voided, so their buyers are told. */
  vendas_anuladas: z.array(uuid),
};
const companyResult = z.discriminatedUnion('ok', [
  z.object({ ...moderated, empresa_id: uuid }),
  refusalSchema,
]);
const productResult = z.discriminatedUnion('ok', [
  z.object({ ...moderated, produto_id: uuid, empresa_id: uuid }),
  refusalSchema,
]);

export type CompanyModeration = z.infer<typeof companyResult>;
export type ProductModeration = z.infer<typeof productResult>;

/** Sets a company's status; leaving ATIVA voids its pending purchases. */
export async function moderateCompany(
  trx: Transaction<DB>,
  r: { companyId: string; status: CompanyStatus },
): Promise<CompanyModeration> {
  const raw = await callRaw(trx, 'kc_empresa_moderar', { empresa_id: r.companyId, status: r.status });
  return companyResult.parse(raw);
}

/** Deactivates (voiding its pending purchases) or reactivates a product. */
export async function moderateProduct(
  trx: Transaction<DB>,
  r: { productId: string; status: ProductModerationStatus },
): Promise<ProductModeration> {
  const raw = await callRaw(trx, 'kc_produto_moderar', { produto_id: r.productId, status: r.status });
  return productResult.parse(raw);
}

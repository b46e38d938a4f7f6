import type { Locale } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import {
  type CompanyStatus,
  moderateCompany,
  moderateProduct,
  type ProductModerationStatus,
  refusalError,
} from '../../../ledger/ledger.ts';
import { withTransactionRetry } from '../../../lib/transaction-retry.ts';
import { enqueue } from '../../../messaging/outbox.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { ownerContact, voidedSales } from './moderation.repository.ts';

// Moderation: a company suspended (SUSPENSA), deactivated (INATIVA) or reactivated
// (ATIVA), a product deactivated (INATIVO) or reactivated. The status, the voiding of what was
// waiting to be bought there (the ledger's moderation.sql), the audit row with before and after,
// and the owner's WhatsApp message with the reason commit together. Setting the status a company
// already has is recorded but tells the owner nothing.

export type CompanyAction = 'suspend' | 'reactivate' | 'deactivate';
const COMPANY_STATUS: Record<CompanyAction, CompanyStatus> = {
  suspend: 'SUSPENSA',
  reactivate: 'ATIVA',
  deactivate: 'INATIVA',
};

export async function changeCompanyStatus(
  deps: AppDeps,
  p: { companyId: string; action: CompanyAction; operator: OperatorSession; motivo: string },
) {
  return withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const result = await moderateCompany(trx, { companyId: p.companyId, status: COMPANY_STATUS[p.action] });
      if (!result.ok) throw refusalError(result);
      await recordAudit(trx, {
        operator: p.operator,
        action: `company.${p.action}`,
        target: { type: 'empresa', id: p.companyId },
        userId: result.responsavel_id,
        before: { status: result.antes },
        after: { status: result.depois, compras_anuladas: result.vendas_anuladas.length },
        reason: p.motivo,
      });
      if (result.antes !== result.depois) {
        const owner = await ownerContact(trx, p.companyId);
        await enqueue(trx, {
          channel: 'whatsapp',
          recipient: owner.telefone,
          purpose: 'company_moderated',
          referencia: p.companyId,
          idioma: owner.idioma as Locale,
          template: 'company_moderated',
          params: { empresa: owner.nome, status: COMPANY_STATUS[p.action], motivo: p.motivo },
        });
      }
      await tellBuyers(trx, result.vendas_anuladas);
      return result;
    }),
  );
}

export async function changeProductStatus(
  deps: AppDeps,
  p: { productId: string; active: boolean; operator: OperatorSession; motivo: string },
) {
  const status: ProductModerationStatus = p.active ? 'ATIVO' : 'INATIVO';
  return withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const result = await moderateProduct(trx, { productId: p.productId, status });
      if (!result.ok) throw refusalError(result);
      await recordAudit(trx, {
        operator: p.operator,
        action: p.active ? 'product.reactivate' : 'product.deactivate',
        target: { type: 'produto', id: p.productId },
        userId: result.responsavel_id,
        before: { status: result.antes },
        after: { status: result.depois, compras_anuladas: result.vendas_anuladas.length },
        reason: p.motivo,
      });
      if (result.antes !== result.depois) {
        const owner = await ownerContact(trx, result.empresa_id);
        const product = await trx
          .selectFrom('produtos')
          .select('nome')
          .where('id', '=', p.productId)
          .executeTakeFirstOrThrow();
        await enqueue(trx, {
          channel: 'whatsapp',
          recipient: owner.telefone,
          purpose: 'product_moderated',
          referencia: p.productId,
          idioma: owner.idioma as Locale,
          template: 'product_moderated',
          params: { produto: product.nome, ativo: p.active, motivo: p.motivo },
        });
      }
      await tellBuyers(trx, result.vendas_anuladas);
      return result;
    }),
  );
}

/**
 * Each buyer whose purchase was waiting for its code hears that it was cancelled and that the
 * money held for it is theirs to spend again; the operator's reason stays with the owner.
 */
async function tellBuyers(trx: Transaction<DB>, saleIds: string[]): Promise<void> {
  for (const sale of await voidedSales(trx, saleIds)) {
    await enqueue(trx, {
      channel: 'whatsapp',
      recipient: sale.telefone,
      purpose: 'purchase_voided',
      referencia: sale.id,
      idioma: sale.idioma as Locale,
      template: 'purchase_voided',
      params: { produto: sale.produto, empresa: sale.empresa, valor_centis: sale.total_centis },
    });
  }
}

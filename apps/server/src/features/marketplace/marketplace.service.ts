import {
  AppError,
  type CompanyCreateBody,
  INITIAL_COMPANY_STATUS,
  INITIAL_PRODUCT_STATUS,
  type PageQuery,
  type ProductCreateBody,
} from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { refuseIfFrozen } from '../../identity/freeze.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodePageCursor, pageOf } from '../../lib/page-cursor.ts';
import {
  type CompanyRow,
  findCompanyById,
  findCompanyByOwner,
  insertCompany,
  listActiveCompanies,
  lockCompanyForShare,
} from './companies.repository.ts';
import {
  type CompanyPageRecord,
  type CompanyRecord,
  type ProductDetailRecord,
  type ProductPageRecord,
  type ProductRecord,
  presentCompany,
  presentProduct,
  presentProductDetail,
  presentSale,
  type SalePageRecord,
} from './marketplace-presenter.ts';
import { findVisibleProduct, insertProduct, listActiveProducts } from './products.repository.ts';
import { listCompanySales } from './sales.repository.ts';

// Who sees what: an ATIVA company and its ATIVO products are visible to every signed-in user;
// a company that is not ATIVA is visible only to its owner, through /mine and its sales. What a
// caller cannot see answers 404 like what does not exist (ids reveal nothing); 403 is kept for
// a visible company that is not the caller's.

export async function listCompanies(
  db: Kysely<DB>,
  p: { viewerId: string; page: PageQuery },
): Promise<CompanyPageRecord> {
  const rows = await listActiveCompanies(db, {
    limit: p.page.limit + 1,
    cursor: decodePageCursor(p.page.cursor),
  });
  const { page, nextCursor } = pageOf(rows, p.page.limit);
  return { items: page.map((row) => presentCompany(row, p.viewerId)), next_cursor: nextCursor };
}

/** One company per user, held by the unique constraint: of two concurrent creates, one gets 409. */
export async function createCompany(
  db: Kysely<DB>,
  p: { ownerId: string; input: CompanyCreateBody },
): Promise<CompanyRecord> {
  // A business and what it offers speak and bind in its owner's name: a frozen account opens none
  // and adds nothing to one (what it already offers stays on sale; stopping a shop is moderation's).
  await refuseIfFrozen(db, p.ownerId);
  try {
    const row = await insertCompany(db, {
      responsavel_id: p.ownerId,
      nome: p.input.nome,
      descricao: p.input.descricao,
      categoria: p.input.categoria,
      telefone: p.input.telefone ?? null,
      email: p.input.email ?? null,
      status: INITIAL_COMPANY_STATUS,
    });
    return presentCompany({ ...row, product_count: 0 }, p.ownerId);
  } catch (error) {
    if (isUniqueViolation(error, 'empresas_responsavel_key')) {
      throw new AppError('company_already_exists', { message: 'the user already owns a company' });
    }
    throw error;
  }
}

/** The caller's own company, whatever its status. */
export async function getOwnCompany(db: Kysely<DB>, ownerId: string): Promise<CompanyRecord> {
  const row = await findCompanyByOwner(db, ownerId);
  if (!row) throw new AppError('company_not_found');
  return presentCompany(row, ownerId);
}

export async function getVisibleCompany(
  db: Kysely<DB>,
  p: { companyId: string; viewerId: string },
): Promise<CompanyRecord> {
  const row = isUuid(p.companyId) ? await findCompanyById(db, p.companyId) : undefined;
  if (row?.status !== 'ATIVA') throw new AppError('company_not_found');
  return presentCompany(row, p.viewerId);
}

export async function listCompanyProducts(
  db: Kysely<DB>,
  p: { companyId: string; viewerId: string; page: PageQuery },
): Promise<ProductPageRecord> {
  await getVisibleCompany(db, p);
  const rows = await listActiveProducts(db, {
    companyId: p.companyId,
    limit: p.page.limit + 1,
    cursor: decodePageCursor(p.page.cursor),
  });
  const { page, nextCursor } = pageOf(rows, p.page.limit);
  return { items: page.map(presentProduct), next_cursor: nextCursor };
}

/**
 * A new ATIVO product of the caller's ATIVA company. The company row stays share-locked until
 * the insert commits, so a company suspended meanwhile cannot gain a product.
 */
export async function createProduct(
  db: Kysely<DB>,
  p: { companyId: string; ownerId: string; input: ProductCreateBody },
): Promise<ProductRecord> {
  await refuseIfFrozen(db, p.ownerId);
  if (!isUuid(p.companyId)) throw new AppError('company_not_found');
  const row = await db.transaction().execute(async (trx) => {
    const company = await lockCompanyForShare(trx, p.companyId);
    assertOwnerOf(company, p.ownerId);
    if (company.status !== 'ATIVA') {
      throw new AppError('forbidden', { message: 'the company is not active' });
    }
    return insertProduct(trx, {
      empresa_id: company.id,
      nome: p.input.nome,
      descricao: p.input.descricao,
      categoria: p.input.categoria,
      preco_centis: p.input.preco_centis,
      estoque: p.input.estoque,
      status: INITIAL_PRODUCT_STATUS,
    });
  });
  return presentProduct(row);
}

export async function getVisibleProduct(
  db: Kysely<DB>,
  p: { productId: string; viewerId: string },
): Promise<ProductDetailRecord> {
  const row = isUuid(p.productId) ? await findVisibleProduct(db, p.productId) : undefined;
  if (!row) throw new AppError('product_not_found');
  return presentProductDetail(row, p.viewerId);
}

/** The owner's sales, of every status, even while the company is not ATIVA. */
export async function listOwnCompanySales(
  db: Kysely<DB>,
  p: { companyId: string; viewerId: string; page: PageQuery },
): Promise<SalePageRecord> {
  const company = isUuid(p.companyId) ? await findCompanyById(db, p.companyId) : undefined;
  assertOwnerOf(company, p.viewerId);
  const rows = await listCompanySales(db, {
    companyId: company.id,
    limit: p.page.limit + 1,
    cursor: decodePageCursor(p.page.cursor),
  });
  const { page, nextCursor } = pageOf(rows, p.page.limit);
  return { items: page.map(presentSale), next_cursor: nextCursor };
}

/** 404 for a company the caller cannot see, 403 for a visible one that is not theirs. */
function assertOwnerOf(company: CompanyRow | undefined, userId: string): asserts company is CompanyRow {
  if (company?.responsavel_id === userId) return;
  if (company?.status !== 'ATIVA') throw new AppError('company_not_found');
  throw new AppError('forbidden', { message: 'only the company owner may do this' });
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string } | undefined;
  return pgError?.code === '23505' && pgError.constraint === constraint;
}

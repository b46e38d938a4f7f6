import type {
  companyPageSchema,
  companySchema,
  productDetailSchema,
  productPageSchema,
  productSchema,
  salePageSchema,
  saleSchema,
} from '@kreyolcash/domain';
import type { z } from 'zod';
import type { CompanyRow } from './companies.repository.ts';
import type { ProductRow, ProductWithCompanyRow } from './products.repository.ts';
import type { SaleSummaryRow } from './sales.repository.ts';

// What the API shows of marketplace rows. The owner's user id never goes out: the caller learns
// only whether the company is theirs (`is_owner`). Instants stay Dates: the answer's schema
// (Timestamp) writes them as ISO 8601 text.

export type CompanyRecord = z.input<typeof companySchema>;
export type CompanyPageRecord = z.input<typeof companyPageSchema>;
export type ProductRecord = z.input<typeof productSchema>;
export type ProductPageRecord = z.input<typeof productPageSchema>;
export type ProductDetailRecord = z.input<typeof productDetailSchema>;
export type SaleRecord = z.input<typeof saleSchema>;
export type SalePageRecord = z.input<typeof salePageSchema>;

export function presentCompany(row: CompanyRow & { product_count: number }, viewerId: string): CompanyRecord {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    categoria: row.categoria,
    telefone: row.telefone,
    email: row.email,
    status: row.status,
    created_at: row.created_at,
    is_owner: row.responsavel_id === viewerId,
    product_count: row.product_count,
  };
}

export function presentProduct(row: ProductRow): ProductRecord {
  return {
    id: row.id,
    empresa_id: row.empresa_id,
    nome: row.nome,
    descricao: row.descricao,
    categoria: row.categoria,
    preco_centis: row.preco_centis,
    estoque: row.estoque,
    estoque_disponivel: row.estoque === null ? null : Math.max(0, row.estoque - row.estoque_reservado),
    status: row.status,
    created_at: row.created_at,
  };
}

export function presentProductDetail(row: ProductWithCompanyRow, viewerId: string): ProductDetailRecord {
  return {
    ...presentProduct(row),
    empresa: {
      id: row.empresa_id,
      nome: row.empresa_nome,
      is_owner: row.empresa_responsavel_id === viewerId,
    },
  };
}

export function presentSale(row: SaleSummaryRow): SaleRecord {
  return {
    id: row.id,
    criado_em: row.criado_em,
    comprador_nome: row.comprador_nome,
    produto_nome: row.produto_nome,
    quantidade: row.quantidade,
    total_centis: row.total_centis,
    status: row.status,
  };
}

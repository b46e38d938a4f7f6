import type { Company, Product, ProductDetail, SaleSummary } from '@kreyolcash/domain';
import type { CompanyRow } from './companies.repository.ts';
import type { ProductRow, ProductWithCompanyRow } from './products.repository.ts';
import type { SaleSummaryRow } from './sales.repository.ts';

// What the API shows of marketplace rows. The owner's user id never goes out: the caller learns
// only whether the company is theirs (`is_owner`).

export function presentCompany(row: CompanyRow & { product_count: number }, viewerId: string): Company {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    categoria: row.categoria,
    telefone: row.telefone,
    email: row.email,
    status: row.status,
    created_at: row.created_at.toISOString(),
    is_owner: row.responsavel_id === viewerId,
    product_count: row.product_count,
  };
}

export function presentProduct(row: ProductRow): Product {
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
    created_at: row.created_at.toISOString(),
  };
}

export function presentProductDetail(row: ProductWithCompanyRow, viewerId: string): ProductDetail {
  return {
    ...presentProduct(row),
    empresa: {
      id: row.empresa_id,
      nome: row.empresa_nome,
      is_owner: row.empresa_responsavel_id === viewerId,
    },
  };
}

export function presentSaleSummary(row: SaleSummaryRow): SaleSummary {
  return {
    id: row.id,
    criado_em: row.criado_em.toISOString(),
    comprador_nome: row.comprador_nome,
    produto_nome: row.produto_nome,
    quantidade: row.quantidade,
    total_centis: row.total_centis,
    status: row.status,
  };
}

import { z } from 'zod';
import { named } from '../contract.ts';
import { companyStatusSchema, productStatusSchema, saleStatusSchema } from '../statuses.ts';
import { timestampSchema } from './common.ts';

// The marketplace responses of the HTTP contract, named for components.schemas (see contract.ts).
// Categories go out as plain text: a client that does not know an id (a newer server's) shows it
// raw instead of failing the whole list.

// A company as the signed-in caller sees it; `is_owner` replaces the owner's user id.
export const companySchema = named(
  'Company',
  z.object({
    id: z.string(),
    nome: z.string(),
    descricao: z.string(),
    categoria: z.string(),
    telefone: z.string().nullable(),
    email: z.string().nullable(),
    status: companyStatusSchema,
    created_at: timestampSchema,
    is_owner: z.boolean(),
    // Its ATIVO products.
    product_count: z.int(),
  }),
  'A business of the marketplace, as the caller sees it (is_owner: whether it is theirs)',
);
export type Company = z.output<typeof companySchema>;

export const companyPageSchema = named(
  'CompanyPage',
  z.object({ items: z.array(companySchema), next_cursor: z.string().nullable() }),
  'A page of the active businesses, newest first; next_cursor asks for the page after it',
);
export type CompanyPage = z.output<typeof companyPageSchema>;

// A product or service; no stock (null) means the seller does not count it.
export const productSchema = named(
  'Product',
  z.object({
    id: z.string(),
    empresa_id: z.string(),
    nome: z.string(),
    descricao: z.string(),
    categoria: z.string(),
    preco_centis: z.int(),
    estoque: z.int().nullable(),
    /** The stock not held by pending purchases: what a buyer can still take (null: not counted). */
    estoque_disponivel: z.int().nullable(),
    status: productStatusSchema,
    created_at: timestampSchema,
  }),
  'A product or service of a business (estoque null: the seller does not count its stock)',
);
export type Product = z.output<typeof productSchema>;

export const productPageSchema = named(
  'ProductPage',
  z.object({ items: z.array(productSchema), next_cursor: z.string().nullable() }),
  "A page of a business's active products and services, newest first",
);
export type ProductPage = z.output<typeof productPageSchema>;

// GET /api/products/:id: the product and what the purchase page needs of its company.
export const productDetailSchema = named(
  'ProductDetail',
  z.object({
    ...productSchema.shape,
    empresa: z.object({ id: z.string(), nome: z.string(), is_owner: z.boolean() }),
  }),
  'A product with what its purchase page needs of its business',
);
export type ProductDetail = z.output<typeof productDetailSchema>;

// One row of GET /api/companies/:id/sales (the owner's view).
export const saleSchema = named(
  'Sale',
  z.object({
    id: z.string(),
    criado_em: timestampSchema,
    comprador_nome: z.string(),
    produto_nome: z.string(),
    quantidade: z.int(),
    total_centis: z.int(),
    status: saleStatusSchema,
  }),
  "A sale of the caller's business, as its owner sees it",
);
export type Sale = z.output<typeof saleSchema>;

export const salePageSchema = named(
  'SalePage',
  z.object({ items: z.array(saleSchema), next_cursor: z.string().nullable() }),
  "A page of the caller's business's sales, newest first",
);
export type SalePage = z.output<typeof salePageSchema>;

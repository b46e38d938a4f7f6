import { z } from 'zod';
import { COMPANY_CATEGORY_IDS } from '../company-categories.ts';
import {
  DESCRIPTION_MAX_LENGTH,
  MAX_STOCK_QUANTITY,
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
} from '../constants.ts';
import { PRODUCT_CATEGORY_IDS } from '../product-categories.ts';
import { priceCentisField, purchaseQuantityField } from './amounts.ts';
import {
  emailField,
  errorKey,
  idField,
  optionalField,
  phoneField,
  requiredOr,
  requiredText,
  safeIntegerField,
} from './fields.ts';
import { companyStatusSchema, productStatusSchema, saleStatusSchema } from './statuses.ts';

// POST /api/companies
export const companyCreateSchema = z.object({
  nome: requiredText('company_name_required'),
  descricao: requiredText('description_required', DESCRIPTION_MAX_LENGTH, 'several'),
  categoria: z.enum(COMPANY_CATEGORY_IDS, requiredOr('category_required', 'category_invalid')),
  telefone: optionalField(phoneField()),
  email: optionalField(emailField()),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreateBody = z.output<typeof companyCreateSchema>;

// POST /api/companies/:id/products. No stock (null) means the seller does not count it.
export const productCreateSchema = z.object({
  nome: requiredText('service_name_required'),
  descricao: requiredText('description_required', DESCRIPTION_MAX_LENGTH, 'several'),
  categoria: z.enum(PRODUCT_CATEGORY_IDS, requiredOr('category_required', 'category_invalid')),
  preco_centis: priceCentisField,
  estoque: optionalField(safeIntegerField('stock_invalid', 0, MAX_STOCK_QUANTITY)).transform(
    (stock) => stock ?? null,
  ),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreateBody = z.output<typeof productCreateSchema>;

// POST /api/purchases. The server prices it: the body carries no amount at all.
export const purchaseCreateSchema = z.object({
  produto_id: idField,
  quantidade: purchaseQuantityField,
});
export type PurchaseCreateBody = z.output<typeof purchaseCreateSchema>;

// ?limit=&cursor= of the marketplace lists (query values arrive as text). The cursor is opaque.
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number(errorKey('validation_error'))
    .int(errorKey('validation_error'))
    .min(1, errorKey('validation_error'))
    .max(PAGE_MAX_LIMIT, errorKey('validation_error'))
    .default(PAGE_DEFAULT_LIMIT),
  cursor: z.string().max(200, errorKey('validation_error')).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

// Responses. Categories go out as plain text: a client that does not know an id (a newer
// server's) shows it raw instead of failing the whole list.

// A company as the signed-in caller sees it; `is_owner` replaces the owner's user id.
export const companySchema = z.object({
  id: z.string(),
  nome: z.string(),
  descricao: z.string(),
  categoria: z.string(),
  telefone: z.string().nullable(),
  email: z.string().nullable(),
  status: companyStatusSchema,
  created_at: z.string(),
  is_owner: z.boolean(),
  // Its ATIVO products.
  product_count: z.int(),
});
export type Company = z.output<typeof companySchema>;

export const companyListSchema = z.object({
  items: z.array(companySchema),
  next_cursor: z.string().nullable(),
});
export type CompanyList = z.output<typeof companyListSchema>;

// A product or service; no stock (null) means the seller does not count it.
export const productSchema = z.object({
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
  created_at: z.string(),
});
export type Product = z.output<typeof productSchema>;

export const productListSchema = z.object({
  items: z.array(productSchema),
  next_cursor: z.string().nullable(),
});
export type ProductList = z.output<typeof productListSchema>;

// GET /api/products/:id: the product and what the purchase page needs of its company.
export const productDetailSchema = productSchema.extend({
  empresa: z.object({ id: z.string(), nome: z.string(), is_owner: z.boolean() }),
});
export type ProductDetail = z.output<typeof productDetailSchema>;

// One row of GET /api/companies/:id/sales (the owner's view).
export const saleSummarySchema = z.object({
  id: z.string(),
  criado_em: z.string(),
  comprador_nome: z.string(),
  produto_nome: z.string(),
  quantidade: z.int(),
  total_centis: z.int(),
  status: saleStatusSchema,
});
export type SaleSummary = z.output<typeof saleSummarySchema>;

export const saleListSchema = z.object({
  items: z.array(saleSummarySchema),
  next_cursor: z.string().nullable(),
});
export type SaleList = z.output<typeof saleListSchema>;

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

// POST /api/purchases. The server prices it. preco_unitario_centis: the unit price the buyer saw;
// another current price is refused (409 price_changed), never charged. Without it (older
// clients), the current price is held and shown before the code confirms it.
export const purchaseCreateSchema = z.object({
  produto_id: idField,
  quantidade: purchaseQuantityField,
  preco_unitario_centis: priceCentisField.optional(),
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

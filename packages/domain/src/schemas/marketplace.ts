import { z } from 'zod';
import { COMPANY_CATEGORY_IDS } from '../company-categories.ts';
import { DEFAULT_MAX_PURCHASE_QUANTITY, DESCRIPTION_MAX_LENGTH } from '../constants.ts';
import { PRODUCT_CATEGORY_IDS } from '../product-categories.ts';
import { priceCentisField, purchaseQuantityField } from './amounts.ts';
import {
  emailField,
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
  descricao: requiredText('description_required', DESCRIPTION_MAX_LENGTH),
  categoria: z.enum(COMPANY_CATEGORY_IDS, requiredOr('category_required', 'category_invalid')),
  telefone: optionalField(phoneField()),
  email: optionalField(emailField()),
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreateBody = z.output<typeof companyCreateSchema>;

// POST /api/companies/:id/products. No stock (null) means the seller does not count it.
export const productCreateSchema = z.object({
  nome: requiredText('service_name_required'),
  descricao: requiredText('description_required', DESCRIPTION_MAX_LENGTH),
  categoria: z.enum(PRODUCT_CATEGORY_IDS, requiredOr('category_required', 'category_invalid')),
  preco_centis: priceCentisField,
  estoque: optionalField(safeIntegerField('stock_invalid', 0)).transform((stock) => stock ?? null),
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreateBody = z.output<typeof productCreateSchema>;

// POST /api/purchases. The server prices it: the body carries no amount at all.
export const purchaseCreateSchema = z.object({
  produto_id: idField,
  quantidade: purchaseQuantityField,
});
export type PurchaseCreateBody = z.output<typeof purchaseCreateSchema>;

// The most one purchase may take: the stock when counted, else 999, and never above 999.
export function maxPurchaseQuantityOf(estoque: number | null | undefined): number {
  if (estoque === null || estoque === undefined) return DEFAULT_MAX_PURCHASE_QUANTITY;
  return Math.max(0, Math.min(Math.trunc(estoque), DEFAULT_MAX_PURCHASE_QUANTITY));
}

// The quantity field of the purchase form (spec §5): what is not a number becomes 1, and the
// value is kept within 1..max. With nothing in stock the result is 0, which no purchase accepts.
export function clampPurchaseQuantity(input: unknown, estoque: number | null | undefined): number {
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input), 10);
  const quantity = Number.isFinite(parsed) ? Math.trunc(parsed) : 1;
  return Math.min(Math.max(quantity, 1), maxPurchaseQuantityOf(estoque));
}

import { z } from 'zod';
import { COMPANY_CATEGORY_IDS } from '../company-categories.ts';
import { LOCALES } from '../locales.ts';
import { PRODUCT_CATEGORY_IDS } from '../product-categories.ts';
import { SUCCESS_KEYS } from '../success-keys.ts';
import { CODE_PURPOSES } from '../verification-codes.ts';

// The zod enums of the domain's value lists. Kept apart from the lists (and from their `is…`
// checks) so that a screen that only shows a category or picks a locale loads without zod.
export const localeSchema = z.enum(LOCALES);
export const companyCategorySchema = z.enum(COMPANY_CATEGORY_IDS);
export const productCategorySchema = z.enum(PRODUCT_CATEGORY_IDS);
export const successKeySchema = z.enum(SUCCESS_KEYS);
export const codePurposeSchema = z.enum(CODE_PURPOSES);

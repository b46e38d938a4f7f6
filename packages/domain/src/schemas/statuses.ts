import { z } from 'zod';
import {
  COMPANY_STATUSES,
  GENDERS,
  HISTORY_FILTERS,
  MOVEMENT_KINDS,
  MOVEMENT_STATUSES,
  PHONE_CHANGE_STEPS,
  PRODUCT_STATUSES,
  REFERRAL_STATUSES,
  SALE_STATUSES,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  USER_STATUSES,
} from '../statuses.ts';

// The zod enums of the statuses in statuses.ts, for the request schemas and the server.
export const genderSchema = z.enum(GENDERS);
export const userStatusSchema = z.enum(USER_STATUSES);
export const companyStatusSchema = z.enum(COMPANY_STATUSES);
export const productStatusSchema = z.enum(PRODUCT_STATUSES);
export const saleStatusSchema = z.enum(SALE_STATUSES);
export const transactionStatusSchema = z.enum(TRANSACTION_STATUSES);
export const movementStatusSchema = z.enum(MOVEMENT_STATUSES);
export const movementKindSchema = z.enum(MOVEMENT_KINDS);
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export const historyFilterSchema = z.enum(HISTORY_FILTERS);
export const referralStatusSchema = z.enum(REFERRAL_STATUSES);
export const phoneChangeStepSchema = z.enum(PHONE_CHANGE_STEPS);

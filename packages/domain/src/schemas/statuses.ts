import { z } from 'zod';
import {
  ADJUSTMENT_STATUSES,
  COMPANY_STATUSES,
  DOCUMENT_REVIEW_STATUSES,
  GENDERS,
  HISTORY_FILTERS,
  LEDGER_ACCOUNT_KINDS,
  MOVEMENT_KINDS,
  MOVEMENT_SIDES,
  MOVEMENT_STATUSES,
  OPERATOR_ROLES,
  PHONE_CHANGE_STEPS,
  PRODUCT_STATUSES,
  REFERRAL_STATUSES,
  REPORT_PARTIES,
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

// The back office's lists (statuses.ts, its last block).
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export const documentReviewStatusSchema = z.enum(DOCUMENT_REVIEW_STATUSES);
export const adjustmentStatusSchema = z.enum(ADJUSTMENT_STATUSES);
export const movementSideSchema = z.enum(MOVEMENT_SIDES);
export const reportPartySchema = z.enum(REPORT_PARTIES);
export const ledgerAccountKindSchema = z.enum(LEDGER_ACCOUNT_KINDS);

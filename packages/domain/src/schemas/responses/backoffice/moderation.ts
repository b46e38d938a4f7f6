import { z } from 'zod';
import { named } from '../../contract.ts';
import { companyStatusSchema, productStatusSchema } from '../../statuses.ts';
import { timestampSchema } from '../common.ts';

// The back office's moderation responses of the HTTP contract, named for components.schemas.

/** A company of any status, with its owner and the purchases still waiting for their code. */
export const adminCompanySchema = named(
  'AdminCompany',
  z.object({
    id: z.uuid(),
    nome: z.string(),
    descricao: z.string(),
    categoria: z.string(),
    status: companyStatusSchema,
    telefone: z.string().nullable(),
    email: z.string().nullable(),
    created_at: timestampSchema,
    dono_id: z.uuid(),
    dono_nome: z.string(),
    dono_email: z.string(),
    compras_pendentes: z.int(),
  }),
);
export type AdminCompany = z.output<typeof adminCompanySchema>;

/** Companies found by their name or their owner's name or e-mail, newest first. */
export const adminCompanyListSchema = named(
  'AdminCompanyList',
  z.object({ items: z.array(adminCompanySchema) }),
);
export type AdminCompanyList = z.output<typeof adminCompanyListSchema>;

/** A product of a company, of any status, with the stock held by purchases in progress. */
export const adminProductSchema = named(
  'AdminProduct',
  z.object({
    id: z.uuid(),
    nome: z.string(),
    preco_centis: z.int(),
    estoque: z.int().nullable(),
    estoque_reservado: z.int(),
    status: productStatusSchema,
    created_at: timestampSchema,
  }),
);
export type AdminProduct = z.output<typeof adminProductSchema>;

/** A company's page: the company and its products. */
export const adminCompanyPageSchema = named(
  'AdminCompanyPage',
  z.object({ empresa: adminCompanySchema, produtos: z.array(adminProductSchema) }),
);
export type AdminCompanyPage = z.output<typeof adminCompanyPageSchema>;

/**
 * What a moderation did: the status before and after (a CompanyStatus or a ProductStatus) and how
 * many purchases waiting for their code it voided.
 */
export const adminModerationResultSchema = named(
  'AdminModerationResult',
  z.object({ status: z.string(), status_anterior: z.string(), compras_anuladas: z.int() }),
);
export type AdminModerationResult = z.output<typeof adminModerationResultSchema>;

import { z } from 'zod';
import { named } from '../../contract.ts';
import { operatorRoleSchema } from '../../statuses.ts';

// The back office's operators responses of the HTTP contract, named for components.schemas.

/** An operator as the back office shows them: who they are and their role. */
export const adminOperatorSchema = named(
  'AdminOperator',
  z.object({ id: z.uuid(), email: z.string(), nome: z.string(), papel: operatorRoleSchema }),
);
export type AdminOperator = z.output<typeof adminOperatorSchema>;

/** The signed-in operator (POST and GET /api/admin/session). */
export const adminSessionSchema = named('AdminSession', z.object({ operador: adminOperatorSchema }));
export type AdminSession = z.output<typeof adminSessionSchema>;

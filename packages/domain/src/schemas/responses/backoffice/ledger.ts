import { z } from 'zod';
import { named } from '../../contract.ts';
import { timestampSchema } from '../common.ts';

// The back office's ledger responses of the HTTP contract, named for components.schemas.

/** A run of the ledger's integrity check (ledger:check) and what it found. */
export const adminLedgerCheckSchema = named(
  'AdminLedgerCheck',
  z.object({
    id: z.number(),
    criado_em: timestampSchema,
    ok: z.boolean(),
    relatorio: z.object({
      accounts: z.number(),
      movements: z.number(),
      entries: z.number(),
      pendingHolds: z.number(),
      problemCount: z.number(),
      problems: z.array(z.object({ check: z.string(), subject: z.string(), detail: z.string() })),
    }),
  }),
);
export type AdminLedgerCheck = z.output<typeof adminLedgerCheckSchema>;

/**
 * The ledger's totals in one snapshot (issued money = the users' balances + fees + the other
 * system accounts while it is sound), the last check, and the message queue's state and age.
 * Every total is a whole number of centis within AMOUNT_CEILING_CENTIS (10^15), so numbers carry
 * them exactly, and so do the few sums and differences the screen makes of them (see the server’s
 * ledger-panel.routes.ts).
 */
export const adminLedgerPanelSchema = named(
  'AdminLedgerPanel',
  z.object({
    emitido_centis: z.number(),
    saldos_usuarios_centis: z.number(),
    reservado_centis: z.number(),
    taxas_centis: z.number(),
    /** The guarantee and agent accounts (unused so far): part of where issued money can sit. */
    outras_centis: z.number(),
    contas_usuarios: z.number(),
    pendentes: z.object({ quantidade: z.number(), total_centis: z.number() }),
    reclamacoes_abertas: z.number(),
    ultima_verificacao: adminLedgerCheckSchema.nullable(),
    // Messages waiting and failed for good; not the sent ones, which would read every message kept.
    outbox: z.object({
      pending: z.number(),
      failed: z.number(),
      mais_antiga_em: timestampSchema.nullable(),
      idade_segundos: z.number().nullable(),
    }),
  }),
);
export type AdminLedgerPanel = z.output<typeof adminLedgerPanelSchema>;

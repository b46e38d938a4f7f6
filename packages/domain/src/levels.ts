import { MAX_TRANSFER_CENTIS } from './constants.ts';

// Verification levels and what each may send and hold. The server enforces them in the
// ledger under the payer's balance lock; the web app shows them. Amounts in centis.
//   0 — e-mail confirmed;  1 — phone proven;  2 — document approved by compliance (and phone proven).
export const VERIFICATION_LEVELS = [0, 1, 2] as const;
export type VerificationLevel = (typeof VERIFICATION_LEVELS)[number];

export type LevelLimits = {
  /** The most one transfer may move. */
  por_transferencia_centis: number;
  /** What transfers and purchases may add up to since midnight, Haiti time. */
  diario_centis: number;
  /** The same since the first day of the month, Haiti time. */
  mensal_centis: number;
  /** The most the account may hold: a payment that would take it higher is refused. */
  saldo_max_centis: number;
};

const KREYOL = 100;

// On the model of MonCash (10,000 HTG unidentified, 100,000 HTG identified) at about 10 HTG per ₭.
// The spec's ₭100 per transfer stays the limit of levels 0 and 1.
export const DEFAULT_LEVEL_LIMITS: Record<VerificationLevel, LevelLimits> = {
  0: {
    por_transferencia_centis: MAX_TRANSFER_CENTIS,
    diario_centis: 500 * KREYOL,
    mensal_centis: 1_000 * KREYOL,
    saldo_max_centis: 1_000 * KREYOL,
  },
  1: {
    por_transferencia_centis: MAX_TRANSFER_CENTIS,
    diario_centis: 500 * KREYOL,
    mensal_centis: 1_000 * KREYOL,
    saldo_max_centis: 1_000 * KREYOL,
  },
  2: {
    por_transferencia_centis: 1_000 * KREYOL,
    diario_centis: 5_000 * KREYOL,
    mensal_centis: 10_000 * KREYOL,
    saldo_max_centis: 10_000 * KREYOL,
  },
};

/** The level an account has reached, from its proofs. */
export function verificationLevel(p: {
  telefone_verificado_em: Date | string | null;
  documento_aprovado_em: Date | string | null;
}): VerificationLevel {
  if (!p.telefone_verificado_em) return 0;
  return p.documento_aprovado_em ? 2 : 1;
}

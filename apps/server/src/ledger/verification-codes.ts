import { MAX_CODE_ATTEMPTS } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { randomSixDigitCode } from '../lib/secure-tokens.ts';
import { callLedger } from './ledger-call.ts';
import { CODE_WINDOW_MS, codePepper, codesPerWindow } from './policy.ts';
import type { LedgerRefusal, LedgerResult } from './results.ts';

// Codes whose subject is not a movement's own flow (the two steps of a phone change, the proof of
// the sign-up phone, an agent's cash-in, a customer's cash-out), in the same
// table and scheme as the codes of transfers and purchases (sql/codes.sql): a keyed hash bound to
// the phone the code goes to, attempts and expiry on the code, the same per-user window limit.
// Each function runs in the caller's transaction, when there is one, so the caller decides what a
// right code does under its own locks.
//   issueCode   a new code for a subject, and its WhatsApp message to the phone, in one call:
//               answers the code's expiry
//   verifyCode  checks and spends a code: a wrong one costs an attempt, recorded even on refusal
//   findCode    a code's expiry and attempts, to show the state of what waits for it

export type CodeSubjectPurpose =
  | 'phone_change_current'
  | 'phone_change_new'
  | 'telefone_cadastro'
  | 'deposito'
  | 'saque';
export type CodeConfig = { jwtSecret: string; rateLimitMultiplier: number };
/** A code's WhatsApp message; `referencia` is the subject's id unless named. */
export type CodeMessage = {
  template: string;
  purpose: string;
  language: string;
  params: Record<string, unknown>;
  referencia?: string;
};

export async function issueCode(
  db: Kysely<DB>,
  config: CodeConfig,
  r: {
    subjectId: string;
    purpose: CodeSubjectPurpose;
    userId: string;
    phone: string;
    validityMs: number;
    /** What the code confirms, when more than the phone: a right code for other terms is wrong. */
    binding?: string;
    /** Codes this user may be sent per window, when more than a person's (an agent's cash-ins). */
    perWindow?: number;
    /** The message that sends the code: its template's parameters without the code, which is added as `codigo`. */
    message: CodeMessage;
  },
): Promise<{ ok: true; expiresAt: Date } | LedgerRefusal> {
  const code = randomSixDigitCode();
  const { message } = r;
  const result = await callLedger(db, 'kc_codigo_emitir', 'issueCode', {
    sujeito_id: r.subjectId,
    finalidade: r.purpose,
    user_id: r.userId,
    telefone: r.phone,
    vinculo: r.binding ?? r.phone,
    codigo: code,
    pepper: codePepper(config.jwtSecret),
    validade_ms: r.validityMs,
    max_codigos: codesPerWindow(config.rateLimitMultiplier, r.perWindow),
    janela_ms: CODE_WINDOW_MS,
    mensagem: {
      template: message.template,
      purpose: message.purpose,
      idioma: message.language,
      params: { ...message.params, codigo: code },
      referencia: message.referencia ?? r.subjectId,
    },
  });
  return result.ok ? { ok: true, expiresAt: new Date(result.expira_em) } : result;
}

/** `phone` is the number the code must have been sent to; `binding`, the terms it was issued for. */
export function verifyCode(
  db: Kysely<DB>,
  config: Pick<CodeConfig, 'jwtSecret'>,
  r: { subjectId: string; purpose: CodeSubjectPurpose; phone: string; code: string; binding?: string },
): Promise<LedgerResult<'verifyCode'>> {
  return callLedger(db, 'kc_codigo_verificar', 'verifyCode', {
    sujeito_id: r.subjectId,
    finalidade: r.purpose,
    vinculo: r.binding ?? r.phone,
    codigo: r.code,
    pepper: codePepper(config.jwtSecret),
    max_tentativas: MAX_CODE_ATTEMPTS,
  });
}

/** A code's expiry (by the database's clock) and the attempts it has left. */
export async function findCode(
  db: Kysely<DB>,
  r: { subjectId: string; purpose: CodeSubjectPurpose },
): Promise<{ expiresAt: Date; expired: boolean; attemptsLeft: number } | undefined> {
  const row = await db
    .selectFrom('codigos_verificacao')
    .select(['expira_em', 'tentativas', sql<boolean>`expira_em <= now()`.as('expirado')])
    .where('sujeito_id', '=', r.subjectId)
    .where('finalidade', '=', r.purpose)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    expiresAt: row.expira_em,
    expired: row.expirado,
    attemptsLeft: Math.max(0, MAX_CODE_ATTEMPTS - row.tentativas),
  };
}

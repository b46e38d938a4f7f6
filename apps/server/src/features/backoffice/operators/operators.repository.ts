import type { OperatorRole } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

// Operators and their sessions. An operator session is an opaque token (stored as its SHA-256)
// with an idle limit and an absolute one: a shift, not a month.

export const OPERATOR_IDLE_MS = 15 * 60_000;
export const OPERATOR_SESSION_MAX_MS = 8 * 60 * 60_000;

export type OperatorRow = {
  id: string;
  email: string;
  nome: string;
  papel: OperatorRole;
  senha_hash: string;
  totp_segredo: string;
  ativo: boolean;
};

export function findOperatorByEmail(db: Kysely<DB>, email: string): Promise<OperatorRow | undefined> {
  return db
    .selectFrom('operadores')
    .select(['id', 'email', 'nome', 'papel', 'senha_hash', 'totp_segredo', 'ativo'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertOperator(
  db: Kysely<DB>,
  o: { email: string; nome: string; papel: OperatorRole; senhaHash: string; totpSegredo: string },
): Promise<string> {
  const row = await db
    .insertInto('operadores')
    .values({
      email: o.email.trim().toLowerCase(),
      nome: o.nome,
      papel: o.papel,
      senha_hash: o.senhaHash,
      totp_segredo: o.totpSegredo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Accepts a TOTP time step once: false when this step (or a later one) was used already. */
export async function claimTotpStep(db: Kysely<DB>, operatorId: string, step: number): Promise<boolean> {
  const row = await db
    .updateTable('operadores')
    .set({ totp_ultimo_passo: step })
    .where('id', '=', operatorId)
    .where('totp_ultimo_passo', '<', step)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function openOperatorSession(
  db: Kysely<DB>,
  s: { operatorId: string; tokenHash: string; address: string },
): Promise<void> {
  await db
    .insertInto('operador_sessoes')
    .values({
      operador_id: s.operatorId,
      token_hash: s.tokenHash,
      expira_em: new Date(Date.now() + OPERATOR_SESSION_MAX_MS),
      endereco: s.address,
    })
    .execute();
}

export type OperatorSession = {
  sessionId: string;
  id: string;
  email: string;
  nome: string;
  papel: OperatorRole;
};

/** The live session of a token, touched (its idle clock restarts); undefined when over. */
export async function touchOperatorSession(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<OperatorSession | undefined> {
  const idleSince = new Date(Date.now() - OPERATOR_IDLE_MS);
  const session = await db
    .updateTable('operador_sessoes')
    .set({ ultimo_uso_em: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revogado_em', 'is', null)
    .where('expira_em', '>', new Date())
    .where('ultimo_uso_em', '>', idleSince)
    .returning(['id', 'operador_id'])
    .executeTakeFirst();
  if (!session) return undefined;
  const operator = await db
    .selectFrom('operadores')
    .select(['id', 'email', 'nome', 'papel'])
    .where('id', '=', session.operador_id)
    .where('ativo', '=', true)
    .executeTakeFirst();
  return operator ? { sessionId: session.id, ...operator } : undefined;
}

export async function closeOperatorSession(db: Kysely<DB>, tokenHash: string): Promise<void> {
  await db
    .updateTable('operador_sessoes')
    .set({ revogado_em: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revogado_em', 'is', null)
    .execute();
}

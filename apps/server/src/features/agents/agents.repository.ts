import { type AgentHours, isAgentOpenAt } from '@kreyolcash/domain';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

// Agents as users find them. An agent is listed (by commune, or found by number) while it is not
// paused and the person behind it can act: an active account that is not frozen.

type ListingRow = {
  numero: number;
  nome_comercial: string;
  comuna: string;
  endereco: string;
  horario: unknown;
};

/** What a user sees of an agent; aberto_agora at `now` in Haiti's time. */
export function listingOf(row: ListingRow, now: Date) {
  const horario = row.horario as AgentHours;
  return {
    numero: row.numero,
    nome_comercial: row.nome_comercial,
    comuna: row.comuna,
    endereco: row.endereco,
    horario,
    aberto_agora: isAgentOpenAt(horario, now),
  };
}

function listed(db: Kysely<DB> | Transaction<DB>) {
  return db
    .selectFrom('agentes as a')
    .innerJoin('usuarios as u', 'u.id', 'a.usuario_id')
    .select(['a.numero', 'a.nome_comercial', 'a.comuna', 'a.endereco', 'a.horario'])
    .where('a.pausado_em', 'is', null)
    .where('u.status', '=', 'ATIVO')
    .where('u.congelado_em', 'is', null);
}

export async function listAgentsOfCommune(
  db: Kysely<DB>,
  comuna: string,
  limit: number,
): Promise<ListingRow[]> {
  return listed(db)
    .where('a.comuna', '=', comuna)
    .orderBy('a.nome_comercial')
    .orderBy('a.numero')
    .limit(limit)
    .execute();
}

export async function findListedAgent(db: Kysely<DB>, numero: number): Promise<ListingRow | undefined> {
  return listed(db).where('a.numero', '=', numero).executeTakeFirst();
}

/** A listed agent by number with what a cash-out pays: its float and its person. */
export async function findListedAgentAccount(db: Kysely<DB> | Transaction<DB>, numero: number) {
  return listed(db).select(['a.conta_id', 'a.usuario_id']).where('a.numero', '=', numero).executeTakeFirst();
}

/** The caller's own agent row, paused or not. */
export async function findOwnAgent(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('agentes')
    .select(['id', 'numero', 'nome_comercial', 'comuna', 'endereco', 'horario', 'pausado_em', 'conta_id'])
    .where('usuario_id', '=', userId)
    .executeTakeFirst();
}

/** Takes the caller's listing down (paused: true) or puts it back; a second pause keeps the first moment. */
export async function setOwnAgentPaused(db: Kysely<DB>, userId: string, paused: boolean): Promise<boolean> {
  const result = await db
    .updateTable('agentes')
    .set((eb) => ({
      pausado_em: paused ? eb.fn.coalesce('pausado_em', eb.fn<Date>('now', [])) : null,
    }))
    .where('usuario_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

import type { AgentHours } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.ts';

// Agents as the back office reads them: the listing, the person behind it and its float account.

const COLUMNS = [
  'a.id',
  'a.usuario_id as user_id',
  'u.nome_completo',
  'u.telefone',
  'a.numero',
  'a.nome_comercial',
  'a.comuna',
  'a.endereco',
  'a.horario',
  'a.conta_id',
  'a.pausado_em',
  'a.criado_em',
  'a.criado_por',
] as const;

function agents(db: Kysely<DB>) {
  return db.selectFrom('agentes as a').innerJoin('usuarios as u', 'u.id', 'a.usuario_id').select(COLUMNS);
}

type Row = Awaited<ReturnType<ReturnType<typeof agents>['executeTakeFirstOrThrow']>>;

function shown(row: Row) {
  return { ...row, horario: row.horario as AgentHours };
}

export type AgentRow = ReturnType<typeof shown>;

/** Agents, newest first, of one commune or of all. */
export async function listAgents(
  db: Kysely<DB>,
  comuna: string | undefined,
  limit: number,
): Promise<AgentRow[]> {
  let query = agents(db);
  if (comuna) query = query.where('a.comuna', '=', comuna);
  const rows = await query.orderBy('a.criado_em', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
  return rows.map(shown);
}

export async function findAgent(db: Kysely<DB>, id: string): Promise<AgentRow | undefined> {
  const row = await agents(db).where('a.id', '=', id).executeTakeFirst();
  return row && shown(row);
}

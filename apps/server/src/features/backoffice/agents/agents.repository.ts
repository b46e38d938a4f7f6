import type { AgentHours } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { countRows, keysetPage, type PageCursor } from '../../../lib/page-cursor.ts';

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

/** A page of agents, newest first, of one commune or of all, from the cursor on; and how many. */
export async function listAgents(
  db: Kysely<DB>,
  p: { comuna: string | undefined; cursor: PageCursor | undefined; limit: number },
) {
  const inCommune = p.comuna ? sql<boolean>`a.comuna = ${p.comuna}` : sql<boolean>`true`;
  const { rows, nextCursor } = await keysetPage(agents(db).where(inCommune), {
    column: 'a.criado_em',
    idColumn: 'a.id',
    order: 'desc',
    cursor: p.cursor,
    limit: p.limit,
  });
  const total = await countRows(db.selectFrom('agentes as a').where(inCommune));
  return { agentes: rows.map(shown), total, next_cursor: nextCursor };
}

export async function findAgent(db: Kysely<DB>, id: string): Promise<AgentRow | undefined> {
  const row = await agents(db).where('a.id', '=', id).executeTakeFirst();
  return row && shown(row);
}

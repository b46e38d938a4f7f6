import type { HistoryFilter } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';

export type StatementRow = {
  id: string;
  remetente_id: string | null;
  destinatario_id: string | null;
  quantidade_centis: number;
  tipo: string;
  status: string;
  observacoes: string | null;
  criado_em: Date;
  /** criado_em to the microsecond, for cursors (a JS Date keeps only milliseconds). */
  criado_em_exato: string;
  remetente_nome: string | null;
  remetente_email: string | null;
  destinatario_nome: string | null;
  destinatario_email: string | null;
};

// Only movements between two people appear under the sent and received tabs (spec §2).
const BETWEEN_PEOPLE = ['transferencia', 'compra', 'estorno'] as const;

export type StatementCursor = { criadoEmExato: string; id: string };

function movementsWithParties(db: Kysely<DB>) {
  return db
    .selectFrom('kreyolcash_movimentacoes as m')
    .leftJoin('usuarios as r', 'r.id', 'm.remetente_id')
    .leftJoin('usuarios as d', 'd.id', 'm.destinatario_id')
    .select([
      'm.id',
      'm.remetente_id',
      'm.destinatario_id',
      'm.quantidade_centis',
      'm.tipo',
      'm.status',
      'm.observacoes',
      'm.criado_em',
      'r.nome_completo as remetente_nome',
      'r.email as remetente_email',
      'd.nome_completo as destinatario_nome',
      'd.email as destinatario_email',
      sql<string>`to_char(m.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as(
        'criado_em_exato',
      ),
    ]);
}

/** A page of the user's movements, newest first, keyset-paginated on (criado_em, id). */
export async function listStatement(
  db: Kysely<DB>,
  p: { userId: string; filter: HistoryFilter; limit: number; cursor: StatementCursor | undefined },
): Promise<StatementRow[]> {
  let query = movementsWithParties(db);
  switch (p.filter) {
    case 'all':
      query = query.where((eb) =>
        eb.or([eb('m.remetente_id', '=', p.userId), eb('m.destinatario_id', '=', p.userId)]),
      );
      break;
    case 'sent':
      query = query.where('m.remetente_id', '=', p.userId).where('m.tipo', 'in', BETWEEN_PEOPLE);
      break;
    case 'received':
      query = query.where('m.destinatario_id', '=', p.userId).where('m.tipo', 'in', BETWEEN_PEOPLE);
      break;
  }
  if (p.cursor) {
    const { criadoEmExato, id } = p.cursor;
    query = query.where(sql<boolean>`(m.criado_em, m.id) < (${criadoEmExato}::timestamptz, ${id}::uuid)`);
  }
  return query.orderBy('m.criado_em', 'desc').orderBy('m.id', 'desc').limit(p.limit).execute();
}

/** One movement, only if the user is a party to it. */
export async function findStatementEntry(
  db: Kysely<DB>,
  p: { userId: string; id: string },
): Promise<StatementRow | undefined> {
  return movementsWithParties(db)
    .where('m.id', '=', p.id)
    .where((eb) => eb.or([eb('m.remetente_id', '=', p.userId), eb('m.destinatario_id', '=', p.userId)]))
    .executeTakeFirst();
}

export async function findBalance(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('vw_saldos_kreyolcash')
    .select(['saldo_centis', 'reservado_centis', 'disponivel_centis'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

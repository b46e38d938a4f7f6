import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { signAccessToken } from '../features/auth/access-token.ts';
import { issue } from '../ledger/issuance.ts';
import type { TestApp } from './test-app.ts';

export type SeededUser = { id: string; email: string; telefone: string; nome: string; accessToken: string };

let sequence = 0;

/**
 * A confirmed user with the signup bonus and an open session, written straight to the database:
 * the ledger tests need many people quickly and sign-up has its own tests.
 */
export type LedgerHost = { database: TestApp['database']; config: Pick<TestApp['config'], 'jwtSecret'> };

export async function seedUser(t: LedgerHost, options: { bonusCentis?: number } = {}): Promise<SeededUser> {
  sequence += 1;
  const tag = `${Date.now() % 100_000_000}${String(sequence).padStart(4, '0')}`.slice(-10).padStart(10, '0');
  const nome = `Jean Pierre ${sequence}`;
  const { id, sessionId, email, telefone } = await t.database.db.transaction().execute(async (trx) => {
    const user = await trx
      .insertInto('usuarios')
      .values({
        nome_completo: nome,
        documento: tag,
        email: `jp${tag}@example.ht`,
        telefone: `+509${tag.slice(-8)}`,
        data_nascimento: '1985-01-01',
        sexo: 'M',
        document_photo_key: `documents/${randomUUID()}.jpg`,
        email_confirmado_em: new Date(),
      })
      .returning(['id', 'email', 'telefone'])
      .executeTakeFirstOrThrow();
    await issue(trx, { userId: user.id, amountCentis: options.bonusCentis ?? 10_000, kind: 'cadastro' });
    const session = await trx
      .insertInto('sessoes')
      .values({ user_id: user.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...user, sessionId: session.id };
  });
  const { token } = await signAccessToken({ userId: id, sessionId }, t.config.jwtSecret);
  return { id, email, telefone, nome, accessToken: token };
}

/** The 6-digit code of the newest WhatsApp message to this phone, as its owner reads it. */
export async function latestCodeSentTo(t: LedgerHost, telefone: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('outbox_messages')
    .select('text')
    .where('recipient', '=', telefone)
    .where('purpose', 'like', '%_code')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = row.text.match(/\*(\d{6})\*/)?.[1];
  if (!code) throw new Error(`no code in: ${row.text}`);
  return code;
}

/** The code sent for one movement (several may be in flight for one phone). */
export async function codeForMovement(t: LedgerHost, movementId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('outbox_messages')
    .select('text')
    .where('referencia', '=', movementId)
    .where('purpose', 'like', '%_code')
    .executeTakeFirstOrThrow();
  const code = row.text.match(/\*(\d{6})\*/)?.[1];
  if (!code) throw new Error(`no code in: ${row.text}`);
  return code;
}

export type LedgerCheck = {
  issuedCentis: number;
  balancesCentis: number;
  negativeBalances: number;
  reservedCentis: number;
  pendingCentis: number;
  /** Users whose balance or reservation differs from what their movements add up to. */
  mismatchedUsers: number;
};

/** The money invariants, read in one statement (one snapshot). */
export async function checkLedger(db: import('kysely').Kysely<DB>): Promise<LedgerCheck> {
  const { rows } = await sql<LedgerCheck>`
    with flows as (
      select u.user_id,
        coalesce((select sum(quantidade_centis) from kreyolcash_movimentacoes where destinatario_id = u.user_id and status = 'concluida'), 0)
        - coalesce((select sum(quantidade_centis) from kreyolcash_movimentacoes where remetente_id = u.user_id and status = 'concluida'), 0) as saldo_esperado,
        coalesce((select sum(quantidade_centis) from kreyolcash_movimentacoes where remetente_id = u.user_id and status in ('pendente', 'aguardando_codigo')), 0) as reservado_esperado,
        u.saldo_centis, u.reservado_centis
      from kreyolcash_saldos u)
    select
      (select coalesce(sum(quantidade_centis), 0) from kreyolcash_lotes)::bigint as "issuedCentis",
      (select coalesce(sum(saldo_centis), 0) from kreyolcash_saldos)::bigint as "balancesCentis",
      (select count(*) from kreyolcash_saldos where saldo_centis < 0 or reservado_centis < 0)::bigint as "negativeBalances",
      (select coalesce(sum(reservado_centis), 0) from kreyolcash_saldos)::bigint as "reservedCentis",
      (select coalesce(sum(quantidade_centis), 0) from kreyolcash_movimentacoes where status in ('pendente', 'aguardando_codigo'))::bigint as "pendingCentis",
      (select count(*) from flows where saldo_centis <> saldo_esperado or reservado_centis <> reservado_esperado)::bigint as "mismatchedUsers"
  `.execute(db);
  const check = rows[0];
  if (!check) throw new Error('ledger check returned nothing');
  return check;
}

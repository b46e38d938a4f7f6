import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { signAccessToken } from '../identity/access-token.ts';
import { ledger } from '../ledger/ledger.ts';
import { checkLedgerIntegrity, type LedgerProblem } from '../ledger/ledger-check.ts';
import { codeIn, MESSAGE_CONTENT } from './outbox-messages.ts';
import type { TestApp } from './test-app.ts';

export type SeededUser = { id: string; email: string; telefone: string; nome: string; accessToken: string };

let sequence = 0;

/**
 * A confirmed user with the signup bonus and an open session, written straight to the database:
 * the ledger tests need many people quickly and sign-up has its own tests.
 */
export type LedgerHost = { database: TestApp['database']; config: Pick<TestApp['config'], 'jwtSecret'> };

/**
 * `phoneProven: false` seeds an account whose sign-up phone is not proven yet;
 * `documentApproved: true` one whose document compliance approved: verification level 2, whose
 * limits let a test move more money than level 1's ₭500 a day.
 */
export async function seedUser(
  t: LedgerHost,
  options: { bonusCentis?: number; phoneProven?: boolean; documentApproved?: boolean } = {},
): Promise<SeededUser> {
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
        // +50956…: a Haitian mobile prefix no other test generator uses (accounts.ts +5093, the route
        // tests +5094 and +50955), so a seeded phone never meets a signed-up one (it did once, with
        // +509 and any 8 digits).
        telefone: `+50956${tag.slice(-6)}`,
        data_nascimento: '1985-01-01',
        sexo: 'M',
        document_photo_key: `documents/${randomUUID()}.jpg`,
        email_confirmado_em: new Date(),
        telefone_verificado_em: options.phoneProven === false ? null : new Date(),
        documento_aprovado_em: options.documentApproved ? new Date() : null,
      })
      .returning(['id', 'email', 'telefone'])
      .executeTakeFirstOrThrow();
    await ledger.issue(trx, {
      userId: user.id,
      amountCentis: options.bonusCentis ?? 10_000,
      kind: 'cadastro',
    });
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
    .select(MESSAGE_CONTENT)
    .where('recipient', '=', telefone)
    .where('purpose', 'like', '%_code')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return codeIn(row);
}

/** The code sent for one movement (several may be in flight for one phone). */
export async function codeForMovement(t: LedgerHost, movementId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('outbox_messages')
    .select(MESSAGE_CONTENT)
    .where('referencia', '=', movementId)
    .where('purpose', 'like', '%_code')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return codeIn(row);
}

export type LedgerCheck = {
  /** Money in circulation: issuance batches, posted adjustments, agents' float issued less redeemed. */
  issuedCentis: number;
  /** What every account but the issuer's holds (people's, fees, escrow, agents'): the issued money. */
  balancesCentis: number;
  /** Accounts other than the issuer's with a negative balance or reservation. */
  negativeBalances: number;
  reservedCentis: number;
  pendingCentis: number;
  /**
   * Accounts (of every kind but the issuer, not only users') whose balance differs from the sum of
   * their ledger lines or from what the legs of the posted movements add up to, or whose
   * reservation differs from their pending holds and open reports' held amounts.
   */
  mismatchedUsers: number;
  /** What `npm run ledger:check` finds (entries, holds, balanced movements). */
  problems: LedgerProblem[];
};

/** The money invariants, read in one statement (one snapshot), and the ledger's own audit. */
export async function checkLedger(db: import('kysely').Kysely<DB>): Promise<LedgerCheck> {
  const { rows } = await sql<Omit<LedgerCheck, 'problems'>>`
    with contas as (
      select id, saldo_centis, reservado_centis from kreyolcash_contas where tipo <> 'emissor'),
    linhas as (
      select conta_id, sum(valor_centis) as total from kreyolcash_lancamentos group by conta_id),
    -- A posted movement's legs: its rows in kreyolcash_pernas, or, without any, the movement itself
    -- (migration 0011). Counted apart from the lines, so a line written beside its legs shows.
    pernas as (
      select p.conta_debito, p.conta_credito, p.quantidade_centis
        from kreyolcash_pernas p join kreyolcash_movimentacoes m on m.id = p.movimentacao_id
       where m.status = 'concluida'
      union all
      select m.conta_debito, m.conta_credito, m.quantidade_centis from kreyolcash_movimentacoes m
       where m.status = 'concluida' and not exists (select 1 from kreyolcash_pernas p where p.movimentacao_id = m.id)),
    fluxos as (
      select conta_id, sum(valor) as total
        from (select conta_credito as conta_id, quantidade_centis as valor from pernas
              union all
              select conta_debito, -quantidade_centis from pernas) f
       group by conta_id),
    retido as (
      select conta_id, sum(valor) as total
        from (select conta_id, quantidade_centis as valor from kreyolcash_retencoes
              union all
              select conta_retida, retido_centis from reclamacoes where status = 'aberta') r
       group by conta_id)
    select
      -- Issued: the issuance batches, plus the adjustments posted (against the issuer: a credit
      -- adds money in circulation, a debit removes it), plus agents' float issued less redeemed.
      ((select coalesce(sum(quantidade_centis), 0) from kreyolcash_lotes)
       + (select coalesce(sum(case when destinatario_id is not null then quantidade_centis else -quantidade_centis end), 0)
            from kreyolcash_movimentacoes where tipo = 'ajuste' and status = 'concluida')
       + (select coalesce(sum(case tipo when 'emissao' then quantidade_centis else -quantidade_centis end), 0)
            from kreyolcash_movimentacoes where tipo in ('emissao', 'resgate') and status = 'concluida'))::bigint as "issuedCentis",
      (select coalesce(sum(saldo_centis), 0) from contas)::bigint as "balancesCentis",
      (select count(*) from contas where saldo_centis < 0 or reservado_centis < 0)::bigint as "negativeBalances",
      (select coalesce(sum(reservado_centis), 0) from kreyolcash_contas)::bigint as "reservedCentis",
      (select coalesce(sum(quantidade_centis), 0) from kreyolcash_movimentacoes where status = 'pendente')::bigint as "pendingCentis",
      (select count(*) from contas c
         left join linhas l on l.conta_id = c.id
         left join fluxos f on f.conta_id = c.id
         left join retido r on r.conta_id = c.id
        where c.saldo_centis <> coalesce(l.total, 0)
           or c.saldo_centis <> coalesce(f.total, 0)
           or c.reservado_centis <> coalesce(r.total, 0))::bigint as "mismatchedUsers"
  `.execute(db);
  const check = rows[0];
  if (!check) throw new Error('ledger check returned nothing');
  return { ...check, problems: (await checkLedgerIntegrity(db)).problems };
}

/** A movement's status as the ledger holds it now. */
export async function movementStatus(db: import('kysely').Kysely<DB>, id: string): Promise<string> {
  const row = await db
    .selectFrom('kreyolcash_movimentacoes')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

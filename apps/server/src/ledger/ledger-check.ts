import { AMOUNT_CEILING_CENTIS } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// The ledger's own audit, for an operator against a live database (npm run ledger:check) and for
// the tests after every money suite. Every check reads one snapshot (a repeatable-read
// transaction), so a busy ledger never shows a half-finished movement as a problem.

export type LedgerProblem = { check: string; subject: string; detail: string };

export type LedgerReport = {
  accounts: number;
  movements: number;
  entries: number;
  pendingHolds: number;
  problems: LedgerProblem[];
};

// Written into the query as a literal: the audit must also read a database from before the
// ceiling's checks (migration 0009), where no kc_* knows it.
const CEILING = sql.lit(AMOUNT_CEILING_CENTIS);

const CHECKS: { check: string; query: ReturnType<typeof sql<{ subject: string; detail: string }>> }[] = [
  {
    check: 'balance differs from its entries',
    query: sql`
      select c.id::text as subject,
             'tipo ' || c.tipo || ', saldo ' || c.saldo_centis || ', entries ' || coalesce(l.total, 0) as detail
        from kreyolcash_contas c
        left join (select conta_id, sum(valor_centis) as total from kreyolcash_lancamentos group by conta_id) l
          on l.conta_id = c.id
       where c.saldo_centis <> coalesce(l.total, 0)`,
  },
  {
    // Each entry starts from the balance the account's previous entry left (0 before its first):
    // the lines are written under the account's lock, so their ids follow its history.
    check: "entry does not follow the account's previous entry",
    query: sql`
      select l.conta_id::text as subject,
             'entry ' || l.id || ': saldo_anterior ' || l.saldo_anterior_centis
               || ', the previous entry left ' || coalesce(l.deixado, 0) as detail
        from (select id, conta_id, saldo_anterior_centis,
                     lag(saldo_posterior_centis) over (partition by conta_id order by id) as deixado
                from kreyolcash_lancamentos) l
       where l.saldo_anterior_centis <> coalesce(l.deixado, 0)`,
  },
  {
    check: 'entries do not sum to zero',
    query: sql`
      select 'all entries' as subject, 'sum ' || sum(valor_centis) as detail
        from kreyolcash_lancamentos having sum(valor_centis) <> 0`,
  },
  {
    // A posted movement's lines are exactly its legs' lines (each leg's debit and credit, with its
    // amount), and sum to zero; a movement not posted has none. Its legs are its rows in
    // kreyolcash_pernas, or, without any, the movement itself (migration 0011).
    check: 'movement is unbalanced',
    query: sql`
      with pernas as (
        select p.movimentacao_id, p.conta_debito, p.conta_credito, p.quantidade_centis
          from kreyolcash_pernas p join kreyolcash_movimentacoes m on m.id = p.movimentacao_id
         where m.status = 'concluida'
        union all
        select m.id, m.conta_debito, m.conta_credito, m.quantidade_centis from kreyolcash_movimentacoes m
         where m.status = 'concluida' and not exists (select 1 from kreyolcash_pernas p where p.movimentacao_id = m.id)),
      esperadas as (
        select movimentacao_id, conta_id, valor, count(*) as n
          from (select movimentacao_id, conta_credito as conta_id, quantidade_centis as valor from pernas
                union all
                select movimentacao_id, conta_debito, -quantidade_centis from pernas) e
         group by 1, 2, 3),
      escritas as (
        select movimentacao_id, conta_id, valor_centis as valor, count(*) as n
          from kreyolcash_lancamentos group by 1, 2, 3),
      diferentes as (
        select movimentacao_id from esperadas e full join escritas a using (movimentacao_id, conta_id, valor)
         where e.n is distinct from a.n)
      select m.id::text as subject,
             m.status || ' ' || m.tipo || ' of ' || m.quantidade_centis || ': '
               || coalesce(string_agg(l.conta_id::text || ' ' || l.valor_centis, ', ' order by l.id), 'no entries') as detail
        from kreyolcash_movimentacoes m
        left join kreyolcash_lancamentos l on l.movimentacao_id = m.id
       group by m.id
      having (m.status = 'concluida') <> (count(l.id) > 0)
          or coalesce(sum(l.valor_centis), 0) <> 0
          or m.id in (select movimentacao_id from diferentes)`,
  },
  {
    // Stored legs are numbered 1, 2, … and leg 1 is the movement's own accounts and amount, which
    // its people's statements show.
    check: 'movement differs from its legs',
    query: sql`
      select m.id::text as subject,
             m.tipo || ' of ' || m.quantidade_centis || ': ' || count(*) || ' legs, leg 1 '
               || coalesce(max(p.quantidade_centis) filter (where p.numero = 1)::text, 'missing') as detail
        from kreyolcash_pernas p join kreyolcash_movimentacoes m on m.id = p.movimentacao_id
       group by m.id
      having min(p.numero) <> 1 or max(p.numero) <> count(*) or count(*) < 2
          or not bool_or(p.numero = 1 and p.conta_debito = m.conta_debito and p.conta_credito = m.conta_credito
                         and p.quantidade_centis = m.quantidade_centis)`,
  },
  {
    // A person's or a float's account moves only in a movement that names its owner, as payer of
    // the paying account or payee of the credited one: every writer takes the people from the
    // accounts (holds.sql), and a person's statement and the back office's list of a user's
    // movements find movements by their people, never by their accounts.
    check: "movement does not name its accounts' owners",
    query: sql`
      select m.id::text as subject,
             m.tipo || ': ' || concat_ws(', ',
               case when d.user_id is not null and d.user_id is distinct from m.remetente_id
                    then 'pays from ' || d.id || ', payer ' || coalesce(m.remetente_id::text, 'none') end,
               case when c.user_id is not null and c.user_id is distinct from m.destinatario_id
                    then 'credits ' || c.id || ', payee ' || coalesce(m.destinatario_id::text, 'none') end) as detail
        from kreyolcash_movimentacoes m
        join kreyolcash_contas d on d.id = m.conta_debito
        join kreyolcash_contas c on c.id = m.conta_credito
       where (d.user_id is not null and d.user_id is distinct from m.remetente_id)
          or (c.user_id is not null and c.user_id is distinct from m.destinatario_id)`,
  },
  {
    // A hold is its pending movement (migration 0028): every leg of it is paid from the movement's
    // own paying account, which holds their sum (two-phase.sql, kc_reter).
    check: 'hold paid from another account',
    query: sql`
      select m.id::text as subject, 'leg ' || p.numero || ' from ' || p.conta_debito as detail
        from kreyolcash_movimentacoes m join kreyolcash_pernas p on p.movimentacao_id = m.id
       where m.status = 'pendente' and p.conta_debito <> m.conta_debito`,
  },
  {
    // The expiry sweeper walks from its position: a pending movement expiring before it is under
    // an open dispute, or the sweeper will never end it (expiry.sql).
    check: 'pending movement the expiry sweeper cannot reach',
    query: sql`
      select m.id::text as subject, m.tipo || ' expiring ' || coalesce(m.expira_em::text, 'never') as detail
        from kreyolcash_movimentacoes m
       where m.status = 'pendente'
         and (m.expira_em is null
              or (m.expira_em < (select ate from vencimentos_posicao)
                  and not exists (select 1 from reclamacoes r where r.movimentacao_id = m.id and r.status = 'aberta')))`,
  },
  {
    // Held: the pending movements' holds and the open "wrong person" reports' (reports.sql).
    check: 'reserved amount differs from its holds',
    query: sql`
      select c.id::text as subject, 'reservado ' || c.reservado_centis || ', holds ' || coalesce(h.total, 0) as detail
        from kreyolcash_contas c
        left join (select conta_id, sum(quantidade_centis) as total
                     from (select conta_id, quantidade_centis from kreyolcash_retencoes
                           union all
                           select conta_retida, retido_centis from reclamacoes where status = 'aberta') holds
                    group by conta_id) h
          on h.conta_id = c.id
       where c.reservado_centis <> coalesce(h.total, 0)`,
  },
  {
    // An open report holds the whole amount on the payee's account, or nothing; a decided one nothing.
    check: 'report holds what it should not',
    query: sql`
      select r.id::text as subject, r.status || ', retido ' || r.retido_centis || ' of ' || r.quantidade_centis as detail
        from reclamacoes r join kreyolcash_movimentacoes m on m.id = r.movimentacao_id
       where (r.status <> 'aberta' and r.retido_centis <> 0)
          or (r.retido_centis <> 0 and (r.retido_centis <> m.quantidade_centis or r.conta_retida <> m.conta_credito))`,
  },
  {
    // The limits read these running totals (limits.sql); each must be the sum of the movements
    // held under a policy that counts them (migration 0010), pending or posted, each with all its
    // legs.
    check: 'sending total differs from its movements',
    query: sql`
      select coalesce(t.usuario_id, m.remetente_id)::text || ' ' || coalesce(t.dia, m.dia)::text as subject,
             'total ' || coalesce(t.enviado_centis, 0) || ', movements ' || coalesce(m.soma, 0) as detail
        from kreyolcash_envios_diarios t
        full join (select remetente_id, kc_dia_haiti(criado_em) as dia,
                          sum(coalesce((select sum(p.quantidade_centis) from kreyolcash_pernas p
                                         where p.movimentacao_id = mv.id), mv.quantidade_centis)) as soma
                     from kreyolcash_movimentacoes mv
                    where nos_limites and status in ('pendente', 'concluida')
                    group by 1, 2) m
          on m.remetente_id = t.usuario_id and m.dia = t.dia
       where coalesce(t.enviado_centis, 0) <> coalesce(m.soma, 0)`,
  },
  {
    // The backing rule: every ₭ in circulation (what the issuer's account has given out, the
    // negative of its balance) was issued as a bonus (cadastro, bonus), by an operator's
    // adjustment against the issuer, or as an agent's float against a bank deposit (emissao, less
    // what agents redeemed: resgate). Any other movement touching the issuer shows here.
    check: 'money in circulation differs from what backs it',
    query: sql`
      with emissor as (select id, saldo_centis from kreyolcash_contas where tipo = 'emissor'),
      origens as (
        select coalesce(sum(m.quantidade_centis) filter (where m.tipo in ('cadastro', 'bonus')), 0) as bonus,
               coalesce(sum(case when m.conta_debito = e.id then m.quantidade_centis else -m.quantidade_centis end)
                          filter (where m.tipo = 'ajuste'), 0) as ajustes,
               coalesce(sum(m.quantidade_centis) filter (where m.tipo = 'emissao'), 0)
                 - coalesce(sum(m.quantidade_centis) filter (where m.tipo = 'resgate'), 0) as float
          from kreyolcash_movimentacoes m cross join emissor e
         where m.status = 'concluida' and e.id in (m.conta_debito, m.conta_credito))
      select e.id::text as subject,
             'in circulation ' || -e.saldo_centis || ', bonuses ' || o.bonus || ', adjustments ' || o.ajustes
               || ', float issued less redeemed ' || o.float as detail
        from emissor e cross join origens o
       where -e.saldo_centis <> o.bonus + o.ajustes + o.float`,
  },
  {
    // An agent's float is issued only against a bank deposit finance recorded, and redeemed only
    // as finance recorded, each approved by a second operator (operacoes_float): every posted
    // emissao or resgate is the movement of one approved proposal of its kind and amount.
    check: 'float movement without its approved proposal',
    query: sql`
      select m.id::text as subject,
             m.tipo || ' of ' || m.quantidade_centis || ': '
               || coalesce(o.status || ' ' || o.tipo || ' of ' || o.quantidade_centis, 'no recorded deposit or redemption') as detail
        from kreyolcash_movimentacoes m
        left join operacoes_float o on o.movimentacao_id = m.id
       where m.tipo in ('emissao', 'resgate') and m.status = 'concluida'
         and (o.id is null or o.status <> 'aprovado' or o.tipo <> m.tipo or o.quantidade_centis <> m.quantidade_centis)`,
  },
  {
    // The same as sums: posted emissao − resgate equals approved issuances − approved redemptions.
    check: 'float issued less redeemed differs from the approved proposals',
    query: sql`
      with postado as (
        select coalesce(sum(case tipo when 'emissao' then quantidade_centis else -quantidade_centis end), 0) as total
          from kreyolcash_movimentacoes where tipo in ('emissao', 'resgate') and status = 'concluida'),
      aprovado as (
        select coalesce(sum(case tipo when 'emissao' then quantidade_centis else -quantidade_centis end), 0) as total
          from operacoes_float where status = 'aprovado')
      select 'agents'' float' as subject,
             'posted ' || p.total || ', approved ' || a.total as detail
        from postado p cross join aprovado a
       where p.total <> a.total`,
  },
  {
    // A refund from an agent's float (reports.sql, kc_reclamacao_decidir_caixa) exists only as the
    // decision of one complaint about a posted cash-out or cash-in: from that movement's float to
    // the complainant's own account, of what the complaint records, never more than they paid.
    check: "agent's refund without its complaint",
    query: sql`
      select m.id::text as subject,
             'reembolso of ' || m.quantidade_centis || ': '
               || coalesce(r.status || ' complaint refunding ' || coalesce(r.reembolso_centis::text, 'nothing')
                           || ' of ' || c.tipo || ' ' || c.status, 'no complaint') as detail
        from kreyolcash_movimentacoes m
        left join reclamacoes r on r.estorno_id = m.id
        left join kreyolcash_movimentacoes c on c.id = m.referente_a
       where m.tipo = 'reembolso'
         and (r.id is null or r.status <> 'reembolsada' or r.reembolso_centis <> m.quantidade_centis
              or r.movimentacao_id is distinct from m.referente_a
              or c.tipo not in ('saque', 'deposito') or c.status <> 'concluida'
              or m.conta_debito <> case c.tipo when 'saque' then c.conta_credito else c.conta_debito end
              or m.conta_credito <> r.pagador_id
              or m.quantidade_centis > c.quantidade_centis
                   + coalesce((select sum(l.quantidade_centis) from kreyolcash_pernas l
                                where l.movimentacao_id = c.id and l.numero > 1 and l.conta_debito = c.conta_debito), 0))`,
  },
  {
    // Migration 0009's CHECKs hold every figure within the ceiling; a database that ran without
    // them, or a check dropped by hand, shows here. The sum of every balance but the issuer's is
    // the money in people's hands: within the ceiling while the issuer's balance is.
    check: 'figure beyond the ceiling',
    query: sql`
      select c.id::text as subject,
             'tipo ' || c.tipo || ', saldo ' || c.saldo_centis || ', reservado ' || c.reservado_centis as detail
        from kreyolcash_contas c
       where abs(c.saldo_centis::numeric) > ${CEILING} or c.reservado_centis > ${CEILING}
      union all
      select m.id::text, m.tipo || ' of ' || m.quantidade_centis
        from kreyolcash_movimentacoes m where m.quantidade_centis > ${CEILING}
      union all
      select p.movimentacao_id::text, 'leg ' || p.numero || ' of ' || p.quantidade_centis
        from kreyolcash_pernas p where p.quantidade_centis > ${CEILING}
      union all
      select l.conta_id::text, 'entry ' || l.id || ': ' || l.valor_centis || ', balance after ' || l.saldo_posterior_centis
        from kreyolcash_lancamentos l
       where abs(l.valor_centis::numeric) > ${CEILING} or abs(l.saldo_posterior_centis::numeric) > ${CEILING}
      union all
      select t.usuario_id::text || ' ' || t.dia::text, 'sent ' || t.enviado_centis
        from kreyolcash_envios_diarios t where t.enviado_centis > ${CEILING}
      union all
      select 'every account but the issuer', 'balances sum to ' || sum(saldo_centis)
        from kreyolcash_contas where tipo <> 'emissor' having sum(saldo_centis) > ${CEILING}`,
  },
];

export async function checkLedgerIntegrity(db: Kysely<DB>): Promise<LedgerReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows } = await sql<Omit<LedgerReport, 'problems'>>`
        select (select count(*) from kreyolcash_contas)::int as accounts,
               (select count(*) from kreyolcash_movimentacoes)::int as movements,
               (select count(*) from kreyolcash_lancamentos)::int as entries,
               (select count(*) from kreyolcash_retencoes)::int as "pendingHolds"`.execute(trx);
      const problems: LedgerProblem[] = [];
      for (const { check, query } of CHECKS) {
        for (const row of (await query.execute(trx)).rows) problems.push({ check, ...row });
      }
      return { ...(rows[0] as Omit<LedgerReport, 'problems'>), problems };
    });
}

export function formatLedgerReport(report: LedgerReport): string {
  const lines = [
    `accounts ${report.accounts}, movements ${report.movements}, entries ${report.entries}, pending holds ${report.pendingHolds}`,
  ];
  if (report.problems.length === 0) lines.push('ledger OK: every check passed');
  else {
    lines.push(`ledger NOT OK: ${report.problems.length} problem(s)`);
    for (const p of report.problems) lines.push(`  - ${p.check}: ${p.subject} (${p.detail})`);
  }
  return lines.join('\n');
}

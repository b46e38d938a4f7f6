import { AppError, isRealIsoDate, todayIsoDate, wallClockOf } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';
import { FEE_ACCOUNT_ID } from './operations.ts';

// The daily reconciliation of agents (docs/agents.md): what each float did on one Haiti calendar
// day and the operator's totals of that day, read from the ledger's lines. A line carries its
// account's balance before and after, and an account's lines follow each other under its row lock
// (kc_lancar), which also stamps each line's time under that lock: a float's day is its lines of
// the day in id order, one unbroken run, the first one's balance before is the start, the last
// one's after is the end, and their amounts are everything between. One statement reads it all,
// from one snapshot.
// Only posted movements write lines, so holds and voids count nowhere.
//
// Cost: the lines of a day are found by time and account, which no index of the ledger's tables
// serves (they are indexed by their people): a full read of the lines, once a day, by operators.

export type HaitiDay = { dia: string; start: Date; end: Date; today: boolean };

/**
 * The instants a Haiti calendar day runs between. Refusals: reconciliation_day_invalid (not a real
 * YYYY-MM-DD), reconciliation_day_in_future (after today in Haiti).
 */
export function haitiDay(dia: string, now: Date = new Date()): HaitiDay {
  if (!isRealIsoDate(dia)) throw new AppError('reconciliation_day_invalid');
  const today = todayIsoDate(now);
  if (dia > today) throw new AppError('reconciliation_day_in_future');
  const next = new Date(Date.parse(`${dia}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { dia, start: haitiMidnight(dia), end: haitiMidnight(next), today: dia === today };
}

// Haiti is 5 hours behind UTC, 4 in summer time; its clocks change at 02:00, never at midnight.
function haitiMidnight(dia: string): Date {
  const utcMidnight = Date.parse(`${dia}T00:00:00Z`);
  for (const hours of [5, 4]) {
    const instant = new Date(utcMidnight + hours * 3_600_000);
    if (wallClockOf(instant) === `${dia}T00:00:00`) return instant;
  }
  throw new Error(`no midnight found in Haiti for ${dia}`);
}

export type AgentDayFigures = {
  dia: string;
  agente_id: string;
  agente_numero: number;
  nome_comercial: string;
  depositos: number;
  depositos_centis: number;
  saques: number;
  saques_centis: number;
  comissoes_centis: number;
  emitido_centis: number;
  resgatado_centis: number;
  outros_centis: number;
  saldo_inicio_centis: number;
  saldo_fim_centis: number;
  entradas_centis: number;
  saidas_centis: number;
};

/** Every agent's day (by number), or one agent's (agentId). */
export async function agentDays(db: Kysely<DB>, day: HaitiDay, agentId?: string): Promise<AgentDayFigures[]> {
  const onlyAgent = agentId === undefined ? sql`true` : sql`a.id = ${agentId}`;
  const { rows } = await sql<Record<string, string | number>>`
    with linhas as (
      select l.id, l.conta_id, l.valor_centis, l.saldo_anterior_centis, l.saldo_posterior_centis,
             m.id as mov, m.tipo, m.quantidade_centis
        from kreyolcash_lancamentos l
        join kreyolcash_movimentacoes m on m.id = l.movimentacao_id
       where l.conta_id in (select a.conta_id from agentes a where ${onlyAgent})
         and l.criado_em >= ${day.start} and l.criado_em < ${day.end}
    ), por_mov as (
      select conta_id, mov, tipo, quantidade_centis, sum(valor_centis) as valor
        from linhas group by conta_id, mov, tipo, quantidade_centis
    ), somas as (
      select conta_id,
             count(*) filter (where tipo = 'deposito') as depositos,
             coalesce(-sum(valor) filter (where tipo = 'deposito'), 0) as depositos_centis,
             count(*) filter (where tipo = 'saque') as saques,
             coalesce(sum(quantidade_centis) filter (where tipo = 'saque'), 0) as saques_centis,
             coalesce(sum(valor - quantidade_centis) filter (where tipo = 'saque'), 0) as comissoes_centis,
             coalesce(sum(valor) filter (where tipo = 'emissao'), 0) as emitido_centis,
             coalesce(-sum(valor) filter (where tipo = 'resgate'), 0) as resgatado_centis,
             coalesce(sum(valor) filter (where tipo not in ('deposito', 'saque', 'emissao', 'resgate')), 0)
               as outros_centis,
             sum(valor) as liquido_centis
        from por_mov group by conta_id
    )
    select a.id as agente_id, a.numero as agente_numero, a.nome_comercial,
           coalesce(s.depositos, 0) as depositos, coalesce(s.depositos_centis, 0) as depositos_centis,
           coalesce(s.saques, 0) as saques, coalesce(s.saques_centis, 0) as saques_centis,
           coalesce(s.comissoes_centis, 0) as comissoes_centis,
           coalesce(s.emitido_centis, 0) as emitido_centis, coalesce(s.resgatado_centis, 0) as resgatado_centis,
           coalesce(s.outros_centis, 0) as outros_centis, coalesce(s.liquido_centis, 0) as liquido_centis,
           coalesce((select saldo_anterior_centis from linhas where conta_id = a.conta_id order by id limit 1),
                    (select l.saldo_posterior_centis from kreyolcash_lancamentos l
                      where l.conta_id = a.conta_id and l.criado_em < ${day.start} order by l.id desc limit 1),
                    0) as saldo_inicio_centis,
           (select saldo_posterior_centis from linhas where conta_id = a.conta_id order by id desc limit 1)
             as saldo_fim_dia_centis
      from agentes a
      left join somas s on s.conta_id = a.conta_id
     where ${onlyAgent}
     order by a.numero`.execute(db);
  return rows.map((row) => {
    const n = (key: string) => Number(row[key] ?? 0);
    const start = n('saldo_inicio_centis');
    const end = row.saldo_fim_dia_centis === null ? start : n('saldo_fim_dia_centis');
    const outros = n('outros_centis');
    const entradas = n('saques_centis') + n('comissoes_centis') + n('emitido_centis') + Math.max(outros, 0);
    const saidas = n('depositos_centis') + n('resgatado_centis') + Math.max(-outros, 0);
    // The report is the movements: a day that does not add up is a broken ledger, never a figure.
    if (start + entradas - saidas !== end || start + n('liquido_centis') !== end) {
      throw new Error(
        `agent ${row.agente_id}'s day ${day.dia} does not add up: ${start} + ${entradas} − ${saidas} ≠ ${end}`,
      );
    }
    return {
      dia: day.dia,
      agente_id: String(row.agente_id),
      agente_numero: n('agente_numero'),
      nome_comercial: String(row.nome_comercial),
      depositos: n('depositos'),
      depositos_centis: n('depositos_centis'),
      saques: n('saques'),
      saques_centis: n('saques_centis'),
      comissoes_centis: n('comissoes_centis'),
      emitido_centis: n('emitido_centis'),
      resgatado_centis: n('resgatado_centis'),
      outros_centis: outros,
      saldo_inicio_centis: start,
      saldo_fim_centis: end,
      entradas_centis: entradas,
      saidas_centis: saidas,
    };
  });
}

export type OperatorDayFigures = {
  emitido_centis: number;
  resgatado_centis: number;
  bonus_centis: number;
  ajustes_centis: number;
  taxas_centis: number;
  saldos_em: 'fim_do_dia' | 'agora';
  saldo_pessoas_centis: number;
  saldo_floats_centis: number;
};

/**
 * The operator's totals of a day; the balances at the day's end, or now for today. Adjustments are
 * their net (credits less debits against the issuer): with bonuses and float they are everything
 * that changed the money in circulation, so the totals account for the balances.
 */
export async function operatorDay(db: Kysely<DB>, day: HaitiDay): Promise<OperatorDayFigures> {
  const { rows: moved } = await sql<Record<string, string>>`
    select coalesce(sum(quantidade_centis) filter (where tipo = 'emissao'), 0) as emitido_centis,
           coalesce(sum(quantidade_centis) filter (where tipo = 'resgate'), 0) as resgatado_centis,
           coalesce(sum(quantidade_centis) filter (where tipo in ('cadastro', 'bonus')), 0) as bonus_centis,
           coalesce(sum(case when conta_debito = (select id from kreyolcash_contas where tipo = 'emissor')
                             then quantidade_centis else -quantidade_centis end)
                      filter (where tipo = 'ajuste'), 0) as ajustes_centis
      from kreyolcash_movimentacoes
     where status = 'concluida' and tipo in ('emissao', 'resgate', 'cadastro', 'bonus', 'ajuste')
       and concluido_em >= ${day.start} and concluido_em < ${day.end}`.execute(db);
  const { rows: fees } = await sql<{ taxas_centis: string }>`
    select coalesce(sum(valor_centis), 0) as taxas_centis from kreyolcash_lancamentos
     where conta_id = ${FEE_ACCOUNT_ID} and criado_em >= ${day.start} and criado_em < ${day.end}`.execute(db);
  const { rows: balances } = day.today
    ? await sql<{ tipo: string; saldo: string }>`
        select tipo, sum(saldo_centis) as saldo from kreyolcash_contas
         where tipo in ('usuario', 'agente') group by tipo`.execute(db)
    : await sql<{ tipo: string; saldo: string }>`
        select c.tipo, sum(u.saldo_posterior_centis) as saldo
          from (select distinct on (conta_id) conta_id, saldo_posterior_centis from kreyolcash_lancamentos
                 where criado_em < ${day.end} order by conta_id, id desc) u
          join kreyolcash_contas c on c.id = u.conta_id
         where c.tipo in ('usuario', 'agente') group by c.tipo`.execute(db);
  const balanceOf = (tipo: string) => Number(balances.find((b) => b.tipo === tipo)?.saldo ?? 0);
  return {
    emitido_centis: Number(moved[0]?.emitido_centis ?? 0),
    resgatado_centis: Number(moved[0]?.resgatado_centis ?? 0),
    bonus_centis: Number(moved[0]?.bonus_centis ?? 0),
    ajustes_centis: Number(moved[0]?.ajustes_centis ?? 0),
    taxas_centis: Number(fees[0]?.taxas_centis ?? 0),
    saldos_em: day.today ? 'agora' : 'fim_do_dia',
    saldo_pessoas_centis: balanceOf('usuario'),
    saldo_floats_centis: balanceOf('agente'),
  };
}

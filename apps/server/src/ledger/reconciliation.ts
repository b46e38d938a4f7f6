import { AppError, isRealIsoDate, type MovementKind, todayIsoDate, wallClockOf } from '@kreyolcash/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.ts';

// The daily reconciliation of agents (docs/agents.md): what each float did on one Haiti calendar
// day and the operator's totals of that day, read from the ledger's lines. A line carries its
// account's balance before and after, and an account's lines follow each other under its row lock
// (kc_lancar), which also stamps each line's time under that lock, one time for all of a posting's
// lines (kc_instante_lancamento): a float's day is its lines of the day in id order, and a
// movement's lines are all on one day. One statement reads it all, from one snapshot.
// Only posted movements write lines, so holds and voids count nowhere.
//
// Cost: an account's balance at an instant is its balance now less its lines since, so a day reads
// only the lines written from its start on, found through their time's block range index
// (kreyolcash_lancamentos_tempo_idx): today's day reads today's lines, whatever the ledger's size;
// a day long past reads everything since. The last line of the day, where there is one, must show
// the same balance: that check is the lines' own running balances against the accounts'.

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
  const { rows } = await sql<Record<string, string | number | null>>`
    with desde as (
      select l.id, l.conta_id, l.movimentacao_id, l.valor_centis, l.saldo_posterior_centis, l.criado_em
        from kreyolcash_lancamentos l
       where l.criado_em >= ${day.start}
         and l.conta_id in (select a.conta_id from agentes a where ${onlyAgent})
    ), linhas as (
      select d.id, d.conta_id, d.valor_centis, d.saldo_posterior_centis, m.id as mov, m.tipo, m.quantidade_centis
        from desde d
        -- Each line's movement by its key: a join may hash every movement ever made.
        cross join lateral (select m.id, m.tipo, m.quantidade_centis from kreyolcash_movimentacoes m
                             where m.id = d.movimentacao_id limit 1) m
       where d.criado_em < ${day.end}
    ), desde_inicio as (
      select conta_id, sum(valor_centis) as valor from desde group by conta_id
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
           c.saldo_centis - coalesce(di.valor, 0) as saldo_inicio_centis,
           (select saldo_posterior_centis from linhas where conta_id = a.conta_id order by id desc limit 1)
             as saldo_fim_linha_centis
      from agentes a
      join kreyolcash_contas c on c.id = a.conta_id
      left join somas s on s.conta_id = a.conta_id
      left join desde_inicio di on di.conta_id = a.conta_id
     where ${onlyAgent}
     order by a.numero`.execute(db);
  return rows.map((row) => {
    const n = (key: string) => Number(row[key] ?? 0);
    const start = n('saldo_inicio_centis');
    const end = start + n('liquido_centis');
    const outros = n('outros_centis');
    const entradas = n('saques_centis') + n('comissoes_centis') + n('emitido_centis') + Math.max(outros, 0);
    const saidas = n('depositos_centis') + n('resgatado_centis') + Math.max(-outros, 0);
    // The report is the movements: a day that does not add up is a broken ledger, never a figure.
    const lastLine = row.saldo_fim_linha_centis;
    if (start + entradas - saidas !== end || (lastLine !== null && Number(lastLine) !== end)) {
      throw new Error(
        `agent ${row.agente_id}'s day ${day.dia} does not add up: ${start} + ${entradas} − ${saidas}, ` +
          `${end} by its movements, ${lastLine ?? 'no line'} by its last line`,
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
  saldo_inicio_pessoas_centis: number;
  saldo_inicio_floats_centis: number;
  saldo_pessoas_centis: number;
  saldo_floats_centis: number;
};

type Flow = 'emitido' | 'resgatado' | 'bonus' | 'ajustes' | 'taxas';

// The money in circulation is people's and floats' balances. Only a leg against the issuer (float
// issued and redeemed, bonuses, adjustments) or to the fee account (a payment's fee) changes it;
// every other leg moves it between people and floats. So the other kinds (payments, cash, reversals,
// refunds) change it by exactly the fees they sent to the fee account: an agent's commission stays
// on its float, and a reversal or a refund takes no fee back.
const FLOW_OF: Record<MovementKind, Flow> = {
  emissao: 'emitido',
  resgate: 'resgatado',
  cadastro: 'bonus',
  bonus: 'bonus',
  ajuste: 'ajustes',
  transferencia: 'taxas',
  compra: 'taxas',
  deposito: 'taxas',
  saque: 'taxas',
  estorno: 'taxas',
  reembolso: 'taxas',
};

/**
 * The operator's totals of a day: the balances of people and of floats at its start and at its
 * end (now for today), and every flow between, each the day's lines of those balances by the kind
 * of their movement, so start + emitido − resgatado + bonus + ajustes − taxas = end.
 */
export async function operatorDay(db: Kysely<DB>, day: HaitiDay): Promise<OperatorDayFigures> {
  const rows = await circulationOf(db, day);
  const disagreeing = rows.reduce((sum, row) => sum + Number(row.desacordos ?? 0), 0);
  if (disagreeing > 0) {
    throw new Error(
      `the operator's day ${day.dia}: ${disagreeing} accounts' last lines disagree with their balances`,
    );
  }
  const net: Record<Flow, number> = { emitido: 0, resgatado: 0, bonus: 0, ajustes: 0, taxas: 0 };
  for (const row of rows.filter((r) => r.grupo === 'fluxo')) {
    const flow = FLOW_OF[row.chave as MovementKind];
    if (!flow) throw new Error(`movement kind ${row.chave} has no place in the operator's day`);
    net[flow] += Number(row.valor);
  }
  const balance = (tipo: 'usuario' | 'agente', at: 'inicio' | 'fim') =>
    Number(rows.find((r) => r.grupo === 'saldo' && r.chave === tipo)?.[at] ?? 0);
  const figures: OperatorDayFigures = {
    emitido_centis: net.emitido,
    resgatado_centis: -net.resgatado,
    bonus_centis: net.bonus,
    ajustes_centis: net.ajustes,
    taxas_centis: -net.taxas,
    saldos_em: day.today ? 'agora' : 'fim_do_dia',
    saldo_inicio_pessoas_centis: balance('usuario', 'inicio'),
    saldo_inicio_floats_centis: balance('agente', 'inicio'),
    saldo_pessoas_centis: balance('usuario', 'fim'),
    saldo_floats_centis: balance('agente', 'fim'),
  };
  // Every line of the day is in one flow: a day that does not add up is a broken ledger.
  const start = figures.saldo_inicio_pessoas_centis + figures.saldo_inicio_floats_centis;
  const end = figures.saldo_pessoas_centis + figures.saldo_floats_centis;
  const flows = net.emitido + net.resgatado + net.bonus + net.ajustes + net.taxas;
  if (start + flows !== end) {
    throw new Error(`the operator's day ${day.dia} does not add up: ${start} + ${flows} ≠ ${end}`);
  }
  return figures;
}

type CirculationRow = {
  grupo: 'saldo' | 'fluxo';
  chave: string;
  inicio: string | null;
  fim: string | null;
  valor: string | null;
  desacordos: string | null;
};

// People's and floats' balances at the day's start and end (now for today), each its balance now
// less its lines since, and their lines of the day summed by movement kind; one statement, so one
// snapshot, also for today. desacordos counts the accounts whose last line of the day shows another
// balance than that end.
async function circulationOf(db: Kysely<DB>, day: HaitiDay): Promise<CirculationRow[]> {
  const { rows } = await sql<CirculationRow>`
    with circulantes as (
      select id, tipo, saldo_centis from kreyolcash_contas where tipo in ('usuario', 'agente')
    ), linhas as (
      select l.id, l.conta_id, l.valor_centis, l.saldo_posterior_centis,
             -- Each line's movement by its key: a join may hash every movement ever made.
             (select m.tipo from kreyolcash_movimentacoes m where m.id = l.movimentacao_id) as tipo
        from kreyolcash_lancamentos l
       where l.criado_em >= ${day.start} and l.criado_em < ${day.end}
         and l.conta_id in (select id from circulantes)
    ), depois as (
      select conta_id, sum(valor_centis) as desde_inicio,
             coalesce(sum(valor_centis) filter (where criado_em >= ${day.end}), 0) as desde_fim
        from kreyolcash_lancamentos
       where criado_em >= ${day.start} and conta_id in (select id from circulantes)
       group by conta_id
    ), ultima as (
      select distinct on (conta_id) conta_id, saldo_posterior_centis as saldo from linhas order by conta_id, id desc
    )
    select 'saldo' as grupo, c.tipo as chave, sum(c.saldo_centis - coalesce(d.desde_inicio, 0)) as inicio,
           sum(c.saldo_centis - coalesce(d.desde_fim, 0)) as fim, null as valor,
           count(*) filter (where u.saldo <> c.saldo_centis - d.desde_fim) as desacordos
      from circulantes c left join depois d on d.conta_id = c.id left join ultima u on u.conta_id = c.id
     group by c.tipo
    union all
    select 'fluxo', tipo, null, null, sum(valor_centis), null from linhas group by tipo`.execute(db);
  return rows;
}

import {
  CASH_DISPUTE_KINDS,
  type DisputeDecision,
  type DisputeKind,
  type LevelLimits,
  type ReportStatus,
  type transferReportSchema,
  type VerificationLevel,
} from '@kreyolcash/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/schema.ts';
import { isUuid } from '../lib/ids.ts';
import { countRows, keysetPage, type PageCursor } from '../lib/page-cursor.ts';
import { withTransactionRetry } from '../lib/transaction-retry.ts';
import { callRaw, type LedgerFunction } from './ledger-call.ts';
import { refusalSchema } from './results.ts';

// Disputes (sql/reports.sql): the payer of a movement disputes it with a reason — a "wrong person"
// report of a posted transfer is one kind —, which holds a posted amount on the payee's account
// (a held movement is held already); an operator decides (reverse, refund, release or reject), or
// it expires. Every change is one ledger function call; the reads below are what the app and the
// back office show.

export type ReportDeps = {
  database: { db: Kysely<DB> };
  events: { publish(users: string[], movementId: string): void };
  /** A release posts a held payment, which checks the payee's level's maximum balance. */
  config: { levelLimits: Record<VerificationLevel, LevelLimits> };
};

/** A wrong-person report is opened within this time after the transfer posted. */
export const REPORT_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Any other dispute of a posted movement (what was paid for never came…), within this time. */
export const DISPUTE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** Open reports a payer may have at once. */
export const MAX_OPEN_REPORTS = 3;

const uuid = z.uuid();
function answer<T extends z.ZodRawShape>(shape: T) {
  return z.discriminatedUnion('ok', [z.object({ ok: z.literal(true), ...shape }), refusalSchema]);
}
const users = z.array(uuid);
const REPORT_RESULTS = {
  open: answer({
    reclamacao_id: uuid,
    retido_centis: z.number().int(),
    prazo_em: z.string().transform((s) => new Date(s).toISOString()),
    usuarios: users,
  }),
  decide: answer({
    reclamacao_id: uuid,
    movimentacao_id: uuid,
    status: z.enum(['estornada', 'reembolsada', 'liberada', 'rejeitada']),
    estorno_id: uuid.nullable(),
    reembolso_centis: z.number().int().nullable(),
    retido_centis: z.number().int(),
    usuarios: users,
  }),
  expire: answer({ expiradas: z.number().int() }),
};
export type ReportResult<K extends keyof typeof REPORT_RESULTS> = z.infer<(typeof REPORT_RESULTS)[K]>;

async function call<K extends keyof typeof REPORT_RESULTS>(
  db: Kysely<DB>,
  fn: LedgerFunction,
  operation: K,
  params: object,
): Promise<ReportResult<K>> {
  const parsed = REPORT_RESULTS[operation].safeParse(await callRaw(db, fn, params));
  if (!parsed.success)
    throw new Error(`ledger answer for report ${operation} is out of shape: ${parsed.error.message}`);
  return parsed.data as ReportResult<K>;
}

/**
 * The payer disputes a movement: a wrong person paid (a posted transfer, within a day), or another
 * reason about a posted movement (within DISPUTE_WINDOW_MS) or a held one. A posted amount is held
 * on the payee's side if available now.
 */
async function open(
  deps: ReportDeps,
  r: {
    movementId: string;
    payerId: string;
    kind: DisputeKind;
    description: string | null;
    decisionHours: number;
  },
): Promise<ReportResult<'open'>> {
  const result = await withTransactionRetry(() =>
    call(deps.database.db, 'kc_reclamacao_abrir', 'open', {
      movimentacao_id: r.movementId,
      pagador_id: r.payerId,
      tipo: r.kind,
      descricao: r.description,
      janela_ms: r.kind === 'pessoa_errada' ? REPORT_WINDOW_MS : DISPUTE_WINDOW_MS,
      prazo_ms: Math.round(r.decisionHours * 60 * 60 * 1000),
      max_abertas: MAX_OPEN_REPORTS,
    }),
  );
  if (result.ok) deps.events.publish(result.usuarios, r.movementId);
  return result;
}

/**
 * A payer's request, from any route that opens one: the dispute, with the configured time to
 * decide, answered as the payer sees it; or the ledger's refusal (an id that is no UUID names
 * nothing: transaction_not_found).
 */
async function openForPayer(
  deps: ReportDeps & { config: { reportDecisionHours: number } },
  r: { movementId: string; payerId: string; kind: DisputeKind; description: string | null },
): Promise<{ ok: true; reclamacao: TransferReportRecord } | Extract<ReportResult<'open'>, { ok: false }>> {
  if (!isUuid(r.movementId)) return { ok: false, error: 'transaction_not_found' };
  const opened = await open(deps, { ...r, decisionHours: deps.config.reportDecisionHours });
  if (!opened.ok) return opened;
  const report = await find(deps.database.db, opened.reclamacao_id);
  if (!report) throw new Error(`report ${opened.reclamacao_id} vanished`);
  return { ok: true, reclamacao: presentReport(report, r.payerId) };
}

export type ReportDecision = {
  reportId: string;
  operator: { id: string };
  reason: string;
  /** What the operator decided; a refund of a posted movement names the part that goes back. */
  decision: DisputeDecision;
  refundCentis?: number;
};

type Decided = Extract<ReportResult<'decide'>, { ok: true }>;

/**
 * An operator's decision, in one transaction with whatever the caller records of it (the audit
 * row): `record` runs only when the ledger accepted, inside the same transaction, so a decision
 * never exists without its record, nor a record without its decision.
 */
async function decide(
  deps: ReportDeps,
  d: ReportDecision,
  record: (trx: Transaction<DB>, result: Decided) => Promise<void>,
): Promise<ReportResult<'decide'>> {
  const result = await withTransactionRetry(() =>
    deps.database.db.transaction().execute(async (trx) => {
      const answered = await call(trx, 'kc_reclamacao_decidir', 'decide', {
        reclamacao_id: d.reportId,
        decisao: DECISION_WORDS[d.decision],
        quantidade_centis: d.refundCentis ?? null,
        operador_id: d.operator.id,
        ator: `operador:${d.operator.id}`,
        motivo: d.reason,
        limites: deps.config.levelLimits,
      });
      if (answered.ok) await record(trx, answered);
      return answered;
    }),
  );
  if (result.ok) deps.events.publish(result.usuarios, result.movimentacao_id);
  return result;
}

const DECISION_WORDS: Record<DisputeDecision, string> = {
  reverse: 'estornar',
  refund: 'reembolsar',
  release: 'liberar',
  reject: 'rejeitar',
};

/** Releases up to `limit` open reports past their deadline; returns how many. */
async function expire(db: Kysely<DB>, limit: number): Promise<number> {
  const result = await call(db, 'kc_reclamacoes_expirar', 'expire', { limite: limit });
  return result.ok ? result.expiradas : 0;
}

// Reads.

export type ReportRow = {
  id: string;
  movimentacao_id: string;
  tipo: DisputeKind;
  status: ReportStatus;
  /** The disputed movement's own status: a posted one, or one still held. */
  movimentacao_status: 'pendente' | 'concluida' | 'cancelada' | 'expirada';
  quantidade_centis: number;
  retido_centis: number;
  descricao: string | null;
  decisao_motivo: string | null;
  estorno_id: string | null;
  reembolso_centis: number | null;
  criado_em: Date;
  prazo_em: Date;
  decidido_em: Date | null;
  pagador: { id: string; nome: string; email: string; telefone: string };
  recebedor: { id: string; nome: string; email: string; telefone: string };
  operador_nome: string | null;
  transferencia_em: Date;
  /** The disputed movement's kind: a cash-out (saque) or cash-in (deposito) is refunded from a float. */
  movimentacao_tipo: string;
  /** The agent of a cash-out or cash-in, with what their float has free now; null otherwise. */
  agente: { numero: number; nome_comercial: string; disponivel_centis: number } | null;
  /** What the customer paid for a cash movement (a cash-out's fee included): a refund's most. */
  pago_centis: number | null;
};

function reportsWithPeople(db: Kysely<DB>) {
  return db
    .selectFrom('reclamacoes as r')
    .innerJoin('usuarios as pg', 'pg.id', 'r.pagador_id')
    .innerJoin('usuarios as rb', 'rb.id', 'r.recebedor_id')
    .innerJoin('kreyolcash_movimentacoes as m', 'm.id', 'r.movimentacao_id')
    .leftJoin('operadores as o', 'o.id', 'r.operador_id')
    .select([
      'r.id',
      'r.movimentacao_id',
      'r.tipo',
      sql<ReportStatus>`r.status`.as('status'),
      sql<ReportRow['movimentacao_status']>`m.status`.as('movimentacao_status'),
      'r.quantidade_centis',
      'r.retido_centis',
      'r.descricao',
      'r.decisao_motivo',
      'r.estorno_id',
      'r.reembolso_centis',
      'r.criado_em',
      'r.prazo_em',
      'r.decidido_em',
      sql<
        ReportRow['pagador']
      >`jsonb_build_object('id', pg.id, 'nome', pg.nome_completo, 'email', pg.email, 'telefone', pg.telefone)`.as(
        'pagador',
      ),
      sql<
        ReportRow['recebedor']
      >`jsonb_build_object('id', rb.id, 'nome', rb.nome_completo, 'email', rb.email, 'telefone', rb.telefone)`.as(
        'recebedor',
      ),
      'o.nome as operador_nome',
      sql<Date>`coalesce(m.concluido_em, m.criado_em)`.as('transferencia_em'),
      'm.tipo as movimentacao_tipo',
      sql<ReportRow['agente']>`case when m.tipo in ('saque', 'deposito') then
        (select jsonb_build_object('numero', a.numero, 'nome_comercial', a.nome_comercial,
                                   'disponivel_centis', c.saldo_centis - c.reservado_centis)
           from agentes a join kreyolcash_contas c on c.id = a.conta_id
          where a.conta_id = case when m.tipo = 'saque' then m.conta_credito else m.conta_debito end) end`.as(
        'agente',
      ),
      sql<number | null>`case when m.tipo in ('saque', 'deposito') then kc_reclamacao_pago(m) end`.as(
        'pago_centis',
      ),
    ]);
}

/**
 * A page of reports from the cursor on: the open queue by deadline, soonest first, any other
 * selection newest first; and how many the selection holds.
 */
async function list(
  db: Kysely<DB>,
  p: { status?: ReportStatus; cursor: PageCursor | undefined; limit: number },
): Promise<{ rows: ReportRow[]; total: number; nextCursor: string | null }> {
  const byDeadline = p.status === 'aberta';
  let query = reportsWithPeople(db);
  if (p.status) query = query.where('r.status', '=', p.status);
  const { rows, nextCursor } = await keysetPage(query, {
    column: byDeadline ? 'r.prazo_em' : 'r.criado_em',
    idColumn: 'r.id',
    order: byDeadline ? 'asc' : 'desc',
    cursor: p.cursor,
    limit: p.limit,
  });
  const selected = db.selectFrom('reclamacoes');
  const total = await countRows(p.status ? selected.where('status', '=', p.status) : selected);
  return { rows, total, nextCursor };
}

async function find(db: Kysely<DB>, id: string): Promise<ReportRow | undefined> {
  return reportsWithPeople(db).where('r.id', '=', id).executeTakeFirst();
}

async function ofMovement(db: Kysely<DB>, movementId: string): Promise<ReportRow | undefined> {
  return reportsWithPeople(db).where('r.movimentacao_id', '=', movementId).executeTakeFirst();
}

/**
 * A movement's report, whether this user may still report it as a wrong person (own posted
 * transfer, in time, none yet), and, of a cash-out or cash-in, the reasons they may still complain
 * with (undefined for any other movement).
 */
async function stateFor(
  db: Kysely<DB>,
  p: { movementId: string; viewerId: string },
): Promise<{ report: ReportRow | undefined; canReport: boolean; cashKinds: DisputeKind[] | undefined }> {
  const report = await ofMovement(db, p.movementId);
  const movement = await db
    .selectFrom('kreyolcash_movimentacoes as m')
    .select(['m.tipo', 'm.status', 'm.remetente_id', 'm.destinatario_id', 'm.concluido_em'])
    .select(sql<boolean>`kc_corrigida(m.id)`.as('corrigida'))
    .where('m.id', '=', p.movementId)
    .executeTakeFirst();
  if (!movement) return { report, canReport: false, cashKinds: undefined };
  const open = !report && movement.status === 'concluida' && !movement.corrigida;
  const postedWithin = (windowMs: number) =>
    movement.concluido_em !== null && movement.concluido_em.getTime() > Date.now() - windowMs;
  const canReport =
    open &&
    movement.tipo === 'transferencia' &&
    movement.remetente_id === p.viewerId &&
    postedWithin(REPORT_WINDOW_MS);
  if (movement.tipo !== 'saque' && movement.tipo !== 'deposito') {
    return { report, canReport, cashKinds: undefined };
  }
  const customer = movement.tipo === 'saque' ? movement.remetente_id : movement.destinatario_id;
  const mayComplain = open && customer === p.viewerId && postedWithin(DISPUTE_WINDOW_MS);
  return { report, canReport, cashKinds: mayComplain ? [...CASH_DISPUTE_KINDS[movement.tipo]] : [] };
}

/** A report as the app's answers take it: instants stay Dates, which the schema writes as text. */
export type TransferReportRecord = z.input<typeof transferReportSchema>;

/** A transfer's report as one of its two people sees it: the payer's description is the payer's. */
export function presentReport(report: ReportRow, viewerId: string): TransferReportRecord {
  return {
    id: report.id,
    status: report.status,
    // A payment still held under an open dispute is held as much as one held on the payee's side.
    retido:
      report.retido_centis > 0 || (report.status === 'aberta' && report.movimentacao_status === 'pendente'),
    descricao: report.pagador.id === viewerId ? report.descricao : null,
    criado_em: report.criado_em,
    prazo_em: report.prazo_em,
    decidido_em: report.decidido_em,
    estorno_id: report.estorno_id,
  };
}

export const disputes = { open, openForPayer, decide, expire, list, find, ofMovement, stateFor };

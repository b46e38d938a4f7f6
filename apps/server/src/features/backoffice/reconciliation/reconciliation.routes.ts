import { Readable } from 'node:stream';
import { adminReconciliationSchema, todayIsoDate } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AgentDayFigures, agentDays, haitiDay, operatorDay } from '../../../ledger/ledger.ts';
import { fileResponse } from '../../../lib/non-json-responses.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { csvRow } from '../audit/csv.ts';
import { operatorOnly } from '../operators/operator-auth.ts';

const tags = ['backoffice'];

// The daily reconciliation of agents, read by finance (who settles floats), admin and support (who
// answers agents). Registered only when AGENTS_ENABLED is on.
const RECONCILIATION_READERS = ['finance', 'admin', 'support'] as const;

const querystring = z.object({ dia: z.string().max(20).optional() });
const DAY_ERRORS = ['forbidden', 'reconciliation_day_invalid', 'reconciliation_day_in_future'] as const;
const DAY_DESCRIPTION =
  'dia is a Haiti calendar day, YYYY-MM-DD (today in Haiti when absent): not a real date is 422 ' +
  'reconciliation_day_invalid, after today 422 reconciliation_day_in_future. Each agent row adds up: ' +
  'saldo_inicio + entradas − saidas = saldo_fim. So do the operator’s totals: saldo_inicio_pessoas + ' +
  'saldo_inicio_floats + emitido − resgatado + bonus + ajustes − taxas = saldo_pessoas + saldo_floats, the ' +
  'end balances at the end of the day, or now for today (saldos_em).';

const CSV_COLUMNS = [
  'agente_numero',
  'nome_comercial',
  'depositos',
  'depositos_centis',
  'saques',
  'saques_centis',
  'comissoes_centis',
  'emitido_centis',
  'resgatado_centis',
  'outros_centis',
  'saldo_inicio_centis',
  'saldo_fim_centis',
] as const satisfies readonly (keyof AgentDayFigures)[];

// The header row is in the operator's language; the cells stay the figures in centis.
const CSV_LANGUAGES = ['ht', 'fr'] as const;
export const RECONCILIATION_CSV_HEADERS: Record<
  (typeof CSV_LANGUAGES)[number],
  Record<(typeof CSV_COLUMNS)[number], string>
> = {
  ht: {
    agente_numero: 'Nimewo ajan',
    nome_comercial: 'Non biznis',
    depositos: 'Depo (kantite)',
    depositos_centis: 'Depo (santim)',
    saques: 'Retrè (kantite)',
    saques_centis: 'Retrè (santim)',
    comissoes_centis: 'Komisyon (santim)',
    emitido_centis: 'Float resevwa (santim)',
    resgatado_centis: 'Float remèt (santim)',
    outros_centis: 'Lòt (santim)',
    saldo_inicio_centis: 'Balans kòmansman (santim)',
    saldo_fim_centis: 'Balans fen (santim)',
  },
  fr: {
    agente_numero: 'Numéro d’agent',
    nome_comercial: 'Nom commercial',
    depositos: 'Dépôts (nombre)',
    depositos_centis: 'Dépôts (centimes)',
    saques: 'Retraits (nombre)',
    saques_centis: 'Retraits (centimes)',
    comissoes_centis: 'Commissions (centimes)',
    emitido_centis: 'Float émis (centimes)',
    resgatado_centis: 'Float racheté (centimes)',
    outros_centis: 'Autres (centimes)',
    saldo_inicio_centis: 'Solde début (centimes)',
    saldo_fim_centis: 'Solde fin (centimes)',
  },
};

export const reconciliationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const guard = operatorOnly(app, RECONCILIATION_READERS);

  app.get(
    '/agents/reconciliation',
    {
      ...guard,
      schema: {
        operationId: 'adminAgentsReconciliation',
        summary: 'A day’s reconciliation of agents: each float’s day and the operator’s totals',
        description: DAY_DESCRIPTION,
        tags,
        security: OPERATOR_SESSION,
        errors: [...DAY_ERRORS],
        querystring,
        response: { 200: adminReconciliationSchema },
      },
    },
    async (request, reply) => {
      const day = haitiDay(request.query.dia ?? todayIsoDate());
      reply.header('cache-control', 'no-store');
      return { dia: day.dia, agentes: await agentDays(db, day), operador: await operatorDay(db, day) };
    },
  );

  app.get(
    '/agents/reconciliation.csv',
    {
      ...guard,
      schema: {
        operationId: 'adminExportAgentsReconciliation',
        summary: 'The agents’ rows of a day’s reconciliation as a CSV file',
        description: `${DAY_DESCRIPTION} The header row is in \`lang\`; the cells are the figures in centis.`,
        tags,
        security: OPERATOR_SESSION,
        errors: [...DAY_ERRORS],
        querystring: querystring.extend({ lang: z.enum(CSV_LANGUAGES).default('ht') }),
        response: {
          200: fileResponse<Readable>('The agents’ rows as CSV (RFC 4180, UTF-8 with a byte-order mark)', [
            'text/csv',
          ]),
        },
      },
    },
    async (request, reply) => {
      const day = haitiDay(request.query.dia ?? todayIsoDate());
      const headers = RECONCILIATION_CSV_HEADERS[request.query.lang];
      const rows = await agentDays(db, day);
      const lines = [
        `\uFEFF${csvRow(CSV_COLUMNS.map((column) => headers[column]))}`,
        ...rows.map((row) => csvRow(CSV_COLUMNS.map((column) => row[column]))),
      ];
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kreyolcash-ajan-${day.dia}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(lines));
    },
  );
};

import { Readable } from 'node:stream';
import { adminAuditPageSchema, errorKey, todayIsoDate } from '@kreyolcash/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppInstance } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import { fileResponse } from '../../../lib/non-json-responses.ts';
import { OPERATOR_SESSION } from '../../../lib/openapi.ts';
import { decodePageCursor } from '../../../lib/page-cursor.ts';
import { operatorOf, operatorOnly } from '../operators/operator-auth.ts';
import { type AuditFilter, allAuditRows, listAudit } from './audit.repository.ts';
import { csvRow } from './csv.ts';

const tags = ['backoffice'];
const AUDIT_READERS = ['compliance', 'admin'] as const;
export const AUDIT_PAGE = 50;

// A Haiti calendar day that exists (2026-02-31 does not).
const haitiDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, errorKey('validation_error'))
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, errorKey('validation_error'))
  .optional();

const filterSchema = z.object({
  usuario: z.string().trim().max(254).optional(),
  operador: z.string().trim().max(254).optional(),
  from: haitiDay,
  to: haitiDay,
});

const CSV_COLUMNS = [
  'id',
  'criado_em_haiti',
  'operador_email',
  'papel',
  'acao',
  'alvo_tipo',
  'alvo_id',
  'usuario_id',
  'usuario_email',
  'antes',
  'depois',
  'motivo',
] as const;

// The header row is in the operator's language (the back office sends the one it shows); the
// cells stay the stored values, which a spreadsheet filters and another export matches.
const CSV_LANGUAGES = ['ht', 'fr'] as const;
export const CSV_HEADERS: Record<
  (typeof CSV_LANGUAGES)[number],
  Record<(typeof CSV_COLUMNS)[number], string>
> = {
  ht: {
    id: 'Nimewo',
    criado_em_haiti: 'Dat (lè Ayiti)',
    operador_email: 'Imèl operatè a',
    papel: 'Wòl operatè a',
    acao: 'Aksyon',
    alvo_tipo: 'Sou ki sa',
    alvo_id: 'Idantifyan sa a',
    usuario_id: 'Idantifyan itilizatè a',
    usuario_email: 'Imèl itilizatè a',
    antes: 'Anvan',
    depois: 'Apre',
    motivo: 'Rezon',
  },
  fr: {
    id: 'Numéro',
    criado_em_haiti: 'Date (heure d’Haïti)',
    operador_email: 'E-mail de l’opérateur',
    papel: 'Rôle de l’opérateur',
    acao: 'Action',
    alvo_tipo: 'Cible',
    alvo_id: 'Identifiant de la cible',
    usuario_id: 'Identifiant de l’utilisateur',
    usuario_email: 'E-mail de l’utilisateur',
    antes: 'Avant',
    depois: 'Après',
    motivo: 'Motif',
  },
};

const haitiTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'America/Port-au-Prince',
  dateStyle: 'short',
  timeStyle: 'medium',
});

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value);
}

// Compliance and admin browse the trail and export it. The export is itself an operator action
// (a copy of personal data leaves the service), so it leaves its own row, with its filters.
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.database.db;

  app.get(
    '/audit',
    {
      ...operatorOnly(app, AUDIT_READERS),
      schema: {
        operationId: 'adminListAudit',
        summary: 'The audit trail, newest first, by user, operator and Haiti days',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: filterSchema.extend({ cursor: z.string().max(200).optional() }),
        response: { 200: adminAuditPageSchema },
      },
    },
    async (request) => {
      const { cursor, ...filter } = request.query;
      return listAudit(db, { filter, cursor: decodePageCursor(cursor, 'bigint'), limit: AUDIT_PAGE });
    },
  );

  app.get(
    '/audit.csv',
    {
      ...operatorOnly(app, AUDIT_READERS),
      schema: {
        operationId: 'adminExportAudit',
        summary: 'The same selection of the audit trail as a CSV file (the export is audited too)',
        description: 'The header row is in `lang`; the cells are the stored values.',
        tags,
        security: OPERATOR_SESSION,
        errors: ['forbidden'],
        querystring: filterSchema.extend({ lang: z.enum(CSV_LANGUAGES).default('ht') }),
        response: {
          200: fileResponse<Readable>('The audit rows as CSV (RFC 4180, UTF-8 with a byte-order mark)', [
            'text/csv',
          ]),
        },
      },
    },
    async (request, reply) => {
      const { lang, ...filter }: AuditFilter & { lang: (typeof CSV_LANGUAGES)[number] } = request.query;
      await recordAudit(db, {
        operator: operatorOf(request),
        action: 'audit.export',
        target: { type: 'audit', id: 'csv' },
        after: filter,
      });
      // The operator's day is Haiti's: from 19:00 there the UTC date is already tomorrow.
      const today = todayIsoDate();
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kreyolcash-auditoria-${today}.csv"`)
        .header('cache-control', 'no-store');
      // Streamed page by page: memory stays flat however long the trail, and nothing is cut off.
      return reply.send(Readable.from(csvLines(db, filter, CSV_HEADERS[lang])));
    },
  );
};

async function* csvLines(
  db: AppInstance['deps']['database']['db'],
  filter: AuditFilter,
  headers: Record<(typeof CSV_COLUMNS)[number], string>,
) {
  // The byte-order mark makes spreadsheets read the file as UTF-8 (Creole and French accents).
  yield `\uFEFF${csvRow(CSV_COLUMNS.map((column) => headers[column]))}`;
  for await (const row of allAuditRows(db, filter)) {
    yield csvRow([
      row.id,
      haitiTime.format(row.criado_em),
      row.operador_email,
      row.papel,
      row.acao,
      row.alvo_tipo,
      row.alvo_id,
      row.usuario_id,
      row.usuario_email,
      json(row.antes),
      json(row.depois),
      row.motivo,
    ]);
  }
}

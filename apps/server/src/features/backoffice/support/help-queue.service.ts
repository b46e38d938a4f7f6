import { AppError } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import { type AuditOperator, recordAudit } from '../../../audit/audit.ts';
import type { DB } from '../../../db/schema.ts';
import { firstNameOf } from '../../../identity/user-presenter.ts';
import { isUuid } from '../../../lib/ids.ts';
import { enqueue } from '../../../messaging/outbox.ts';
import { lockHelpRequest, markClosed, saveAnswer } from './help-queue.repository.ts';

// Support answers a help request (the person reads it on WhatsApp and in the app) or closes it.
// The change, its audit row and the message commit together or not at all. A closed request takes
// no more answers; an answered one may be answered again (a correction, a follow-up), and each
// answer is its own audit row with the one before.

async function lockedRequest(trx: Parameters<typeof lockHelpRequest>[0], id: string) {
  const request = isUuid(id) ? await lockHelpRequest(trx, id) : undefined;
  if (!request) throw new AppError('help_request_not_found');
  if (request.status === 'fechado') throw new AppError('help_request_closed');
  return request;
}

export async function answerHelpRequest(
  db: Kysely<DB>,
  p: { id: string; operator: AuditOperator; resposta: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, p.id);
    await saveAnswer(trx, { id: request.id, resposta: p.resposta, operatorId: p.operator.id });
    await recordAudit(trx, {
      operator: p.operator,
      action: 'help_request.answer',
      target: { type: 'pedido_ajuda', id: request.id },
      userId: request.usuario_id,
      before: { status: request.status, resposta: request.resposta },
      after: { status: 'respondido', resposta: p.resposta },
    });
    await enqueue(trx, {
      channel: 'whatsapp',
      recipient: request.telefone,
      purpose: 'support_answer',
      referencia: request.id,
      idioma: request.idioma,
      template: 'support_answer',
      params: { nome: firstNameOf(request.nome_completo), resposta: p.resposta },
    });
  });
}

export async function closeHelpRequest(
  db: Kysely<DB>,
  p: { id: string; operator: AuditOperator; motivo: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const request = await lockedRequest(trx, p.id);
    await markClosed(trx, { id: request.id, operatorId: p.operator.id });
    await recordAudit(trx, {
      operator: p.operator,
      action: 'help_request.close',
      target: { type: 'pedido_ajuda', id: request.id },
      userId: request.usuario_id,
      before: { status: request.status },
      after: { status: 'fechado' },
      reason: p.motivo,
    });
  });
}

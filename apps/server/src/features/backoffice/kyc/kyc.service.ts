import { AppError } from '@kreyolcash/domain';
import type { AppDeps } from '../../../app-deps.ts';
import { recordAudit } from '../../../audit/audit.ts';
import { enqueue } from '../../../messaging/outbox.ts';
import type { OperatorSession } from '../operators/operators.repository.ts';
import { decideReview, lockUserAndReview, markDocumentApproved, reviewOwner } from './kyc.repository.ts';

// A compliance decision on a document review: the review, the account's level, the audit row and
// the WhatsApp message to the person commit together or not at all.

export type KycDecision = { kind: 'approve' } | { kind: 'reject'; motivo: string };

export async function decideDocumentReview(
  deps: AppDeps,
  p: { reviewId: string; operator: OperatorSession; decision: KycDecision },
) {
  const userId = await reviewOwner(deps.database.db, p.reviewId);
  if (!userId) throw new AppError('not_found');
  return deps.database.db.transaction().execute(async (trx) => {
    // The user's row first, as a new photo from the user locks it: the two run one after the other.
    const { user, review } = await lockUserAndReview(trx, { userId, reviewId: p.reviewId });
    // Withdrawn (the user sent another photo) since we looked it up.
    if (!review) throw new AppError('not_found');
    if (review.status !== 'pendente') throw new AppError('review_not_pending');
    const at = new Date();
    const approve = p.decision.kind === 'approve';
    const motivo = p.decision.kind === 'reject' ? p.decision.motivo : null;
    const decided = await decideReview(trx, {
      id: review.id,
      status: approve ? 'aprovada' : 'rejeitada',
      operatorId: p.operator.id,
      motivo,
      at,
    });
    if (approve) await markDocumentApproved(trx, { userId, at });
    await recordAudit(trx, {
      operator: p.operator,
      action: approve ? 'kyc.approve' : 'kyc.reject',
      target: { type: 'revisao_documento', id: review.id },
      userId,
      before: { status: review.status, documento_aprovado_em: user.documento_aprovado_em },
      after: { status: decided.status, documento_aprovado_em: approve ? at : user.documento_aprovado_em },
      reason: motivo,
    });
    // Messages greet people by their first name.
    const nome = user.nome_completo.trim().split(/\s+/)[0] || user.nome_completo;
    await enqueue(trx, {
      channel: 'whatsapp',
      recipient: user.telefone,
      purpose: approve ? 'kyc_approved' : 'kyc_rejected',
      referencia: review.id,
      idioma: user.idioma,
      ...(p.decision.kind === 'reject'
        ? { template: 'kyc_rejected', params: { nome, motivo: p.decision.motivo } }
        : { template: 'kyc_approved', params: { nome } }),
    });
    return decided;
  });
}

import { AppError, HELP_REQUESTS_OPEN_MAX, type HelpSubject } from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../audit/audit.ts';
import type { DB } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  countWaiting,
  insertHelpRequest,
  isOwnMovement,
  lockUser,
  type OwnHelpRequest,
} from './help-requests.repository.ts';

// A person asks support for help from the app. The request and its audit row commit together;
// the back office's queue (features/backoffice/support) answers and closes it.

export async function openHelpRequest(
  db: Kysely<DB>,
  p: { userId: string; assunto: HelpSubject; texto: string; movementId: string | null },
): Promise<OwnHelpRequest> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, p.userId);
    // Someone else's movement reads exactly like one that does not exist.
    if (p.movementId !== null) {
      const own =
        isUuid(p.movementId) && (await isOwnMovement(trx, { userId: p.userId, movementId: p.movementId }));
      if (!own)
        throw new AppError('transaction_not_found', { fields: { movimentacao_id: 'transaction_not_found' } });
    }
    if ((await countWaiting(trx, p.userId)) >= HELP_REQUESTS_OPEN_MAX)
      throw new AppError('help_requests_open_limit');
    const request = await insertHelpRequest(trx, p);
    await recordAudit(trx, {
      operator: null,
      action: 'help_request.open',
      target: { type: 'pedido_ajuda', id: request.id },
      userId: p.userId,
      after: { status: request.status, assunto: request.assunto, movimentacao_id: request.movimentacao_id },
    });
    return request;
  });
}

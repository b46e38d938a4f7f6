import { REFERRAL_BONUS_CENTIS } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { ledger } from '../../ledger/ledger.ts';
import { firstNameOf } from '../accounts/user-presenter.ts';
import type { UserRow } from '../accounts/users.repository.ts';
import { enqueue } from '../messaging/outbox.ts';
import { identitiesOf, isFirstAccountForAll } from './identities.repository.ts';
import {
  insertLinkReferral,
  isAlreadyReferred,
  linkInvitation,
  lockOpenInvitation,
  markBonusPaid,
} from './referrals.repository.ts';

/**
 * Called by the e-mail confirmation, in its transaction, once the account is confirmed for the
 * first time. The person is linked to whoever brought them — the inviter of the referral code
 * they signed up with, or else the first friend who invited their phone — and that inviter is
 * paid REFERRAL_BONUS_CENTIS, unless the person is not new: every one of their NIF, e-mail and
 * phone must have had no account before theirs. One referral per person, ever (unique
 * indicacoes.convidado_id), so a replayed or raced confirmation cannot pay twice.
 */
export async function settleReferralOnConfirmation(trx: Transaction<DB>, inviteeId: string): Promise<void> {
  const invitee = await trx.selectFrom('usuarios').selectAll().where('id', '=', inviteeId).executeTakeFirst();
  if (!invitee || (await isAlreadyReferred(trx, inviteeId))) return;
  const invitation = await lockOpenInvitation(trx, {
    telefone: invitee.telefone,
    inviterId: invitee.indicado_por,
  });
  const inviterId = invitee.indicado_por ?? invitation?.inviter_id;
  if (!inviterId || inviterId === inviteeId) return;
  const inviter = await trx.selectFrom('usuarios').selectAll().where('id', '=', inviterId).executeTakeFirst();
  if (!inviter) return;

  const referralId = invitation
    ? await linkInvitation(trx, { id: invitation.id, inviteeId })
    : await insertLinkReferral(trx, { inviterId, inviteeId, nome: firstNameOf(invitee.nome_completo) });
  const isNewPerson = await isFirstAccountForAll(trx, {
    userId: inviteeId,
    identities: identitiesOf(invitee),
  });
  if (!isNewPerson || inviter.status !== 'ATIVO') return;
  await payBonus(trx, { referralId, inviter, invitee });
}

async function payBonus(
  trx: Transaction<DB>,
  p: { referralId: string; inviter: UserRow; invitee: UserRow },
): Promise<void> {
  const friendName = firstNameOf(p.invitee.nome_completo);
  const { movimentacaoId } = await ledger.issue(trx, {
    userId: p.inviter.id,
    amountCentis: REFERRAL_BONUS_CENTIS,
    kind: 'bonus',
    note: `Bonis envitasyon: ${friendName}`,
  });
  await markBonusPaid(trx, { id: p.referralId, movimentacaoId });
  // Each in their own language.
  await enqueue(trx, {
    channel: 'whatsapp',
    recipient: p.inviter.telefone,
    purpose: 'referral_bonus',
    referencia: p.referralId,
    template: 'referral_bonus',
    params: { amigo: friendName, valor_centis: REFERRAL_BONUS_CENTIS },
    idioma: p.inviter.idioma,
  });
  await enqueue(trx, {
    channel: 'whatsapp',
    recipient: p.invitee.telefone,
    purpose: 'referral_welcome',
    referencia: p.referralId,
    template: 'referral_welcome',
    params: { convidante: firstNameOf(p.inviter.nome_completo), valor_centis: REFERRAL_BONUS_CENTIS },
    idioma: p.invitee.idioma,
  });
}

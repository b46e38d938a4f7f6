import { REFERRAL_BONUS_CENTIS, REFERRAL_BONUSES_PER_MONTH } from '@kreyolcash/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { firstNameOf } from '../../identity/user-presenter.ts';
import type { UserRow } from '../../identity/users.repository.ts';
import { ledger } from '../../ledger/ledger.ts';
import { enqueue } from '../../messaging/outbox.ts';
import { claimRewardedIdentities, identitiesOf, isFirstAccountForAll } from './identities.repository.ts';
import {
  countBonusesThisMonth,
  insertLinkReferral,
  isAlreadyReferred,
  linkInvitation,
  lockInviterBonuses,
  lockOpenInvitation,
  markBonusPaid,
} from './referrals.repository.ts';

/**
 * Called in the transaction that confirms the e-mail for the first time, and in the one that
 * proves the phone: the person counts once both are done, whichever comes last. Then they are
 * linked to whoever brought them — the inviter of the referral code they signed up with, or else
 * the first friend who invited their phone — and that inviter is paid REFERRAL_BONUS_CENTIS when
 * all of these hold:
 * - the person is new: every one of their NIF, e-mail and phone had no account before theirs;
 * - the inviter is active and has proven their own phone;
 * - the inviter was paid fewer than REFERRAL_BONUSES_PER_MONTH this month (Haiti time), counted
 *   under a lock on the inviter's bonuses;
 * - neither the person's NIF nor their phone ever earned a bonus (identidades_premiadas).
 * One referral per person, ever (unique indicacoes.convidado_id), so a replayed or raced call
 * cannot pay twice; a person refused the bonus stays linked, as joined, and is never paid later.
 */
export async function settleReferralOnConfirmation(trx: Transaction<DB>, inviteeId: string): Promise<void> {
  const invitee = await trx.selectFrom('usuarios').selectAll().where('id', '=', inviteeId).executeTakeFirst();
  if (!invitee || !hasProvenBoth(invitee) || (await isAlreadyReferred(trx, inviteeId))) return;
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
  if (!isNewPerson || inviter.status !== 'ATIVO' || inviter.telefone_verificado_em === null) return;
  if (!(await isWithinMonthlyCap(trx, inviter.id))) return;
  const firstReward = await claimRewardedIdentities(trx, {
    referralId,
    nif: invitee.documento,
    telefone: invitee.telefone,
  });
  if (!firstReward) return;
  await payBonus(trx, { referralId, inviter, invitee });
}

function hasProvenBoth(user: UserRow): boolean {
  return user.email_confirmado_em !== null && user.telefone_verificado_em !== null;
}

/** Takes the inviter's bonus lock (held until commit), then counts this month's bonuses. */
async function isWithinMonthlyCap(trx: Transaction<DB>, inviterId: string): Promise<boolean> {
  await lockInviterBonuses(trx, inviterId);
  return (await countBonusesThisMonth(trx, inviterId)) < REFERRAL_BONUSES_PER_MONTH;
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

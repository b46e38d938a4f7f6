import {
  AppError,
  type Inviter,
  isSamePhone,
  REFERRAL_BONUS_CENTIS,
  REFERRAL_BONUSES_PER_MONTH,
  type ReferralBody,
  type ReferralStatus,
  readReferralCode,
  type referralItemSchema,
  type referralPageSchema,
  SIGNUP_BONUS_CENTIS,
} from '@kreyolcash/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import type { DB } from '../../db/schema.ts';
import { accountFrozen, isFrozen } from '../../identity/freeze.ts';
import { firstNameOf } from '../../identity/user-presenter.ts';
import { findUserById, findUserByPhone } from '../../identity/users.repository.ts';
import { decodePageCursor, pageOf } from '../../lib/page-cursor.ts';
import { enqueue } from '../../messaging/outbox.ts';
import {
  countBonusesThisMonth,
  findActiveInviterName,
  listReferrals,
  type ReferralRow,
  upsertInvitation,
} from './referrals.repository.ts';

// An invitation and the page of them, their instants as Dates (the answers' schemas write them).
export type Referral = z.input<typeof referralItemSchema>;
export type ReferralPage = z.input<typeof referralPageSchema>;

/** The sign-up link that carries the inviter's code (the web's wizard reads `ref`). */
export function referralLink(config: Config, code: string): string {
  return `${config.publicUrl}/register?ref=${encodeURIComponent(code)}`;
}

/** Stores the invitation and queues the WhatsApp message to the friend, in one transaction. */
export async function invite(deps: AppDeps, p: { inviterId: string; body: ReferralBody }): Promise<Referral> {
  return deps.database.db.transaction().execute(async (trx) => {
    const inviter = await findUserById(trx, p.inviterId);
    if (!inviter) throw new AppError('user_not_found');
    // The invitation goes out in the inviter's name.
    if (isFrozen(inviter)) throw accountFrozen();
    // Only a proven phone invites: invented identities must not fan out.
    if (!inviter.telefone_verificado_em) throw new AppError('phone_not_verified');
    if (isSamePhone(p.body.telefone, inviter.telefone)) {
      throw new AppError('referral_self', {
        message: 'you cannot invite yourself',
        fields: { telefone: 'referral_self' },
      });
    }
    // Such an invitation could never earn the bonus: say so rather than promise it.
    if (await findUserByPhone(trx, p.body.telefone)) {
      throw new AppError('referral_already_registered', {
        fields: { telefone: 'referral_already_registered' },
      });
    }
    const row = await upsertInvitation(trx, {
      inviterId: inviter.id,
      nome: p.body.nome,
      telefone: p.body.telefone,
    });
    // The friend has no account yet, so no language of their own: they get the inviter's.
    await enqueue(trx, {
      channel: 'whatsapp',
      recipient: p.body.telefone,
      purpose: 'referral_invitation',
      referencia: row.id,
      template: 'referral_invitation',
      params: {
        amigo: p.body.nome,
        convidante: inviter.nome_completo,
        valor_centis: REFERRAL_BONUS_CENTIS,
        bonus_cadastro_centis: SIGNUP_BONUS_CENTIS,
        link: referralLink(deps.config, inviter.codigo_indicacao),
      },
      idioma: inviter.idioma,
    });
    return presentReferral(row);
  });
}

export async function getReferralPage(
  db: Kysely<DB>,
  config: Config,
  p: { inviterId: string; limit: number; cursor?: string | undefined },
): Promise<ReferralPage> {
  const inviter = await findUserById(db, p.inviterId);
  if (!inviter) throw new AppError('user_not_found');
  const rows = await listReferrals(db, {
    inviterId: inviter.id,
    limit: p.limit + 1,
    cursor: decodePageCursor(p.cursor),
  });
  const { page, nextCursor } = pageOf(rows, p.limit);
  return {
    codigo_indicacao: inviter.codigo_indicacao,
    link: referralLink(config, inviter.codigo_indicacao),
    bonus_pagos_mes: await countBonusesThisMonth(db, inviter.id),
    bonus_limite_mes: REFERRAL_BONUSES_PER_MONTH,
    items: page.map(presentReferral),
    next_cursor: nextCursor,
  };
}

export function presentReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    criado_em: row.criado_em,
    status: statusOf(row),
  };
}

function statusOf(row: ReferralRow): ReferralStatus {
  if (row.bonus_pago_em) return 'bonus_paid';
  return row.convidado_id ? 'joined' : 'sent';
}

/** Who owns an invitation link's code, by first name only; not_found for any other code. */
export async function inviterOf(db: Kysely<DB>, code: string): Promise<Inviter> {
  const valid = readReferralCode(code);
  const fullName = valid === undefined ? undefined : await findActiveInviterName(db, valid);
  if (fullName === undefined) throw new AppError('not_found', { message: 'no active account has this code' });
  return { nome: firstNameOf(fullName) };
}

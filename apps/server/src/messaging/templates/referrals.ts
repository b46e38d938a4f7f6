import { SIGNUP_BONUS_CENTIS } from '@kreyolcash/domain';
import {
  centis,
  lines,
  link,
  name,
  template,
  type WhatsAppText,
  withAmounts,
  writeAmounts,
} from './define.ts';

export const referralTemplates = {
  // To a friend's phone. It has no account yet, so the message is in the inviter's language.
  referral_invitation: template({
    params: withAmounts({
      amigo: name,
      convidante: name,
      valor_centis: centis,
      bonus_cadastro_centis: centis,
      link,
    }),
    texts: {
      ht: (v) =>
        lines(
          `Bonjou ${v.amigo}! ${v.convidante} envite w sou KreyolCash, bous dijital an Kreyòl la.`,
          `Enskri, epi konfime imèl ou ak nimewo telefòn ou: ou resevwa ${v.bonus_cadastro} kado, e ${v.convidante} ap resevwa ${v.valor} bonis.`,
          v.link,
        ),
      'pt-BR': (v) =>
        lines(
          `Olá, ${v.amigo}! ${v.convidante} convidou você para a KreyolCash, a carteira digital em crioulo haitiano.`,
          `Cadastre-se e confirme seu e-mail e seu número de telefone: você ganha ${v.bonus_cadastro} de presente, e ${v.convidante} ganha ${v.valor} de bônus.`,
          v.link,
        ),
      fr: (v) =>
        lines(
          `Bonjour ${v.amigo} ! ${v.convidante} vous invite sur KreyolCash, le portefeuille numérique en créole haïtien.`,
          `Inscrivez-vous, puis confirmez votre e-mail et votre numéro de téléphone : vous recevrez ${v.bonus_cadastro} en cadeau, et ${v.convidante} recevra ${v.valor} de bonus.`,
          v.link,
        ),
      en: (v) =>
        lines(
          `Hello ${v.amigo}! ${v.convidante} invites you to KreyolCash, the digital wallet in Haitian Creole.`,
          `Sign up, then confirm your e-mail and your phone number: you get ${v.bonus_cadastro} as a gift, and ${v.convidante} gets a ${v.valor} bonus.`,
          v.link,
        ),
    },
  }),

  // The referral bonus, told to the inviter when the invited friend confirms the account.
  referral_bonus: template({
    params: withAmounts({ amigo: name, valor_centis: centis }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.amigo} konfime kont li gras a envitasyon ou a. Ou resevwa ${v.valor} bonis! Mèsi paske w pataje KreyolCash.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.amigo} confirmou a conta graças ao seu convite. Você ganhou ${v.valor} de bônus! Obrigado por compartilhar a KreyolCash.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.amigo} a confirmé son compte grâce à votre invitation. Vous recevez ${v.valor} de bonus ! Merci de partager KreyolCash.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.amigo} confirmed their account thanks to your invitation. You get a ${v.valor} bonus! Thank you for sharing KreyolCash.`,
        ),
    },
  }),

  // ... and to the friend who joined.
  referral_welcome: template({
    params: withAmounts({ convidante: name, valor_centis: centis }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: byenvini! Ou antre gras a envitasyon ${v.convidante}, ki resevwa ${v.valor} bonis pou sa. Mèsi!`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: boas-vindas! Você entrou graças ao convite de ${v.convidante}, que ganhou ${v.valor} de bônus por isso. Obrigado!`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : bienvenue ! Vous nous rejoignez grâce à l’invitation de ${v.convidante}, qui reçoit ${v.valor} de bonus. Merci !`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: welcome! You joined through an invitation from ${v.convidante}, who gets a ${v.valor} bonus for it. Thank you!`,
        ),
    },
  }),
};

// The Creole texts as functions of the callers' own names for the values (see transfers.ts).

export function referralInvitationMessage(p: {
  friendName: string;
  inviterName: string;
  bonusCentis: number;
  signupUrl: string;
}): WhatsAppText {
  return referralTemplates.referral_invitation.texts.ht(
    writeAmounts({
      amigo: p.friendName,
      convidante: p.inviterName,
      valor_centis: p.bonusCentis,
      bonus_cadastro_centis: SIGNUP_BONUS_CENTIS,
      link: p.signupUrl,
    }),
  );
}

export function referralBonusMessage(p: { friendName: string; bonusCentis: number }): WhatsAppText {
  return referralTemplates.referral_bonus.texts.ht(
    writeAmounts({ amigo: p.friendName, valor_centis: p.bonusCentis }),
  );
}

export function referralWelcomeMessage(p: { inviterName: string; bonusCentis: number }): WhatsAppText {
  return referralTemplates.referral_welcome.texts.ht(
    writeAmounts({ convidante: p.inviterName, valor_centis: p.bonusCentis }),
  );
}

import { z } from 'zod';
import { code, codeMessage, count, lines, template, type WhatsAppText } from './define.ts';

// The phone number: its proof after sign-up and its change.
export const profileTemplates = {
  // The two codes of a phone change: etapa 'atual' to the current number, 'novo' to the new one.
  phone_change_code: template({
    params: z.object({ codigo: code, etapa: z.enum(['atual', 'novo']), validade_min: count }),
    texts: {
      ht: (v) =>
        codeMessage(
          'ht',
          `KreyolCash: kòd ${
            v.etapa === 'atual'
              ? 'pou konfime se ou menm ki vle chanje nimewo telefòn ou (etap 1/2)'
              : 'pou konfime nouvo nimewo telefòn ou (etap 2/2)'
          } se *${v.codigo}*.`,
          v.validade_min,
        ),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: o código ${
            v.etapa === 'atual'
              ? 'para confirmar que é você quem quer trocar o seu número de telefone (etapa 1/2)'
              : 'para confirmar o seu novo número de telefone (etapa 2/2)'
          } é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : le code ${
            v.etapa === 'atual'
              ? 'pour confirmer que c’est bien vous qui voulez changer de numéro de téléphone (étape 1/2)'
              : 'pour confirmer votre nouveau numéro de téléphone (étape 2/2)'
          } est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: the code ${
            v.etapa === 'atual'
              ? 'to confirm that it is you who wants to change your phone number (step 1/2)'
              : 'to confirm your new phone number (step 2/2)'
          } is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // The proof of the sign-up phone: until it is entered the account cannot move money.
  phone_proof_code: template({
    params: z.object({ codigo: code, validade_min: count }),
    texts: {
      ht: (v) =>
        codeMessage('ht', `KreyolCash: kòd pou konfime nimewo telefòn ou se *${v.codigo}*.`, v.validade_min),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: o código para confirmar o seu número de telefone é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : le code pour confirmer votre numéro de téléphone est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: the code to confirm your phone number is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // To the old number once the phone has changed, so a stolen account is noticed: the new
  // number's last 4 digits.
  phone_changed: template({
    params: z.object({ final_telefone: z.string().regex(/^\d{4}$/, 'expected 4 digits') }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: nimewo telefòn kont ou chanje pou yon nimewo ki fini ak ${v.final_telefone}. Si se pa ou ki fè sa, kontakte sipò nou touswit.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: o número de telefone da sua conta foi trocado por um número terminado em ${v.final_telefone}. Se não foi você, fale com o nosso suporte agora mesmo.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : le numéro de téléphone de votre compte a été remplacé par un numéro qui se termine par ${v.final_telefone}. Si ce n’est pas vous, contactez notre support tout de suite.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: the phone number of your account was changed to a number ending in ${v.final_telefone}. If this was not you, contact our support right away.`,
        ),
    },
  }),
};

// The Creole texts as functions of the callers' own names for the values (see transfers.ts).

export function phoneChangeCodeMessage(p: {
  code: string;
  step: 'current' | 'new';
  expiresInMinutes: number;
}): WhatsAppText {
  return profileTemplates.phone_change_code.texts.ht({
    codigo: p.code,
    etapa: p.step === 'current' ? 'atual' : 'novo',
    validade_min: p.expiresInMinutes,
  });
}

export function phoneChangedMessage(p: { newPhoneEnding: string }): WhatsAppText {
  return profileTemplates.phone_changed.texts.ht({ final_telefone: p.newPhoneEnding });
}

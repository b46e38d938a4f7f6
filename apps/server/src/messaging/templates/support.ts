import { FREEZE_CATEGORIES, type Locale, UNFREEZE_CATEGORIES } from '@kreyolcash/domain';
import { z } from 'zod';
import { lines, name, template } from './define.ts';

// What support tells a person: the answer to their help request, and an operator's freeze or
// unfreeze of their account with the category of its reason (the operator's own words stay in the
// audit trail: they are written for colleagues, not for the person).

const answer = z.string().trim().min(1).max(1000);

const FREEZE_REASONS: Record<Locale, Record<(typeof FREEZE_CATEGORIES)[number], string>> = {
  ht: {
    fraude_suspeita: 'nou wè aktivite ki sanble fwod sou kont lan',
    telefone_perdido: 'yo di nou telefòn ou pèdi oswa yo vòlè l',
    verificacao_identidade: 'nou bezwen verifye idantite w',
    outro: 'ekip sipò a bezwen egzamine kont lan',
  },
  'pt-BR': {
    fraude_suspeita: 'vimos uma atividade que parece fraude na conta',
    telefone_perdido: 'recebemos o aviso de que seu telefone foi perdido ou roubado',
    verificacao_identidade: 'precisamos verificar a sua identidade',
    outro: 'a equipe de suporte precisa examinar a conta',
  },
  fr: {
    fraude_suspeita: 'nous avons vu sur le compte une activité qui ressemble à une fraude',
    telefone_perdido: 'on nous a signalé que votre téléphone est perdu ou volé',
    verificacao_identidade: 'nous devons vérifier votre identité',
    outro: 'l’équipe d’assistance doit examiner le compte',
  },
  en: {
    fraude_suspeita: 'we saw activity on the account that looks like fraud',
    telefone_perdido: 'we were told your phone was lost or stolen',
    verificacao_identidade: 'we need to check your identity',
    outro: 'the support team needs to look into the account',
  },
};

const UNFREEZE_REASONS: Record<Locale, Record<(typeof UNFREEZE_CATEGORIES)[number], string>> = {
  ht: {
    identidade_confirmada: 'nou verifye idantite w',
    caso_resolvido: 'pwoblèm nan rezoud',
    bloqueio_por_engano: 'kont lan te bloke pa erè',
    outro: 'ekip sipò a fin egzamine kont lan',
  },
  'pt-BR': {
    identidade_confirmada: 'verificamos a sua identidade',
    caso_resolvido: 'o problema foi resolvido',
    bloqueio_por_engano: 'a conta foi bloqueada por engano',
    outro: 'a equipe de suporte terminou de examinar a conta',
  },
  fr: {
    identidade_confirmada: 'nous avons vérifié votre identité',
    caso_resolvido: 'le problème est résolu',
    bloqueio_por_engano: 'le compte avait été bloqué par erreur',
    outro: 'l’équipe d’assistance a fini d’examiner le compte',
  },
  en: {
    identidade_confirmada: 'we checked your identity',
    caso_resolvido: 'the problem is solved',
    bloqueio_por_engano: 'the account was frozen by mistake',
    outro: 'the support team finished looking into the account',
  },
};

export const supportTemplates = {
  // Support answered a help request: {nome, resposta}, the answer as the operator wrote it.
  support_answer: template({
    params: z.object({ nome: name, resposta: answer }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.nome}, sipò a reponn demann èd ou a:`,
          v.resposta,
          'Ou ka li l tou nan aplikasyon an, nan Sipò.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.nome}, o suporte respondeu ao seu pedido de ajuda:`,
          v.resposta,
          'Você também pode ler a resposta no aplicativo, em Suporte.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.nome}, l’assistance a répondu à votre demande d’aide :`,
          v.resposta,
          'Vous pouvez aussi la lire dans l’application, dans Assistance.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.nome}, support answered your help request:`,
          v.resposta,
          'You can also read it in the app, under Support.',
        ),
    },
  }),

  // An operator froze the account: {nome, categoria}.
  account_frozen_by_support: template({
    params: z.object({ nome: name, categoria: z.enum(FREEZE_CATEGORIES) }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.nome}, nou bloke kont ou: okenn lajan pa ka soti ladan l pou kounye a.`,
          `Rezon: ${FREEZE_REASONS.ht[v.categoria]}.`,
          'Ou ka toujou konekte, wè kont ou epi resevwa lajan. Pou debloke l, ouvri aplikasyon an, nan Sipò.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.nome}, bloqueamos a sua conta: nenhum dinheiro pode sair dela por enquanto.`,
          `Motivo: ${FREEZE_REASONS['pt-BR'][v.categoria]}.`,
          'Você ainda pode entrar, ver a conta e receber dinheiro. Para desbloqueá-la, abra o aplicativo, em Suporte.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.nome}, nous avons bloqué votre compte : aucun argent ne peut en sortir pour le moment.`,
          `Motif : ${FREEZE_REASONS.fr[v.categoria]}.`,
          'Vous pouvez toujours vous connecter, voir le compte et recevoir de l’argent. Pour le débloquer, ouvrez l’application, dans Assistance.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.nome}, we froze your account: no money can leave it for now.`,
          `Reason: ${FREEZE_REASONS.en[v.categoria]}.`,
          'You can still sign in, see the account and receive money. To unfreeze it, open the app, under Support.',
        ),
    },
  }),

  // Support unfroze the account: {nome, categoria}.
  account_unfrozen_by_support: template({
    params: z.object({ nome: name, categoria: z.enum(UNFREEZE_CATEGORIES) }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.nome}, nou debloke kont ou: ou ka voye lajan ak achte ankò.`,
          `Rezon: ${UNFREEZE_REASONS.ht[v.categoria]}.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.nome}, desbloqueamos a sua conta: você pode enviar dinheiro e comprar de novo.`,
          `Motivo: ${UNFREEZE_REASONS['pt-BR'][v.categoria]}.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.nome}, nous avons débloqué votre compte : vous pouvez de nouveau envoyer de l’argent et acheter.`,
          `Motif : ${UNFREEZE_REASONS.fr[v.categoria]}.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.nome}, we unfroze your account: you can send money and buy again.`,
          `Reason: ${UNFREEZE_REASONS.en[v.categoria]}.`,
        ),
    },
  }),
};

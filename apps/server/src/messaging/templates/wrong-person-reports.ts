import { z } from 'zod';
import { centis, lines, name, template, withAmounts } from './define.ts';

// Disputes ("wrong person" reports among them), written by the ledger's dispute functions
// (ledger/sql/reports.sql).

// How a dispute ended. A rejection and an expiry both leave the payment as it stood.
const DECISION = z.enum(['estornada', 'reembolsada', 'liberada', 'rejeitada', 'expirada']);
type Outcome = 'estornada' | 'reembolsada' | 'liberada' | 'stands';
const outcomeOf = (decisao: z.output<typeof DECISION>): Outcome =>
  decisao === 'rejeitada' || decisao === 'expirada' ? 'stands' : decisao;

export const wrongPersonReportTemplates = {
  // To the payer who reported a transfer: {valor_centis, recebedor, retido} (retido: the amount
  // is held on the payee's side).
  report_opened_payer: template({
    params: withAmounts({ valor_centis: centis, recebedor: name, retido: z.boolean() }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: nou resevwa rapò ou sou ${v.valor} ou te voye bay ${v.recebedor}. Ekip sipò a ap egzamine l.`,
          v.retido
            ? 'Lajan an kenbe pandan y ap egzamine l. N ap ekri w lè yo deside.'
            : 'Lajan an pa t disponib pou nou kenbe l, men sipò a ap egzamine rapò a. N ap ekri w lè yo deside.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: recebemos a sua denúncia sobre os ${v.valor} enviados para ${v.recebedor}. O suporte vai analisá-la.`,
          v.retido
            ? 'O valor fica retido durante a análise. Avisaremos você da decisão.'
            : 'O valor não estava disponível para ser retido, mas o suporte vai analisar a denúncia. Avisaremos você da decisão.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : nous avons reçu votre signalement sur les ${v.valor} envoyés à ${v.recebedor}. Le support va l’examiner.`,
          v.retido
            ? 'Le montant est bloqué pendant l’examen. Nous vous écrirons dès la décision.'
            : 'Le montant n’était plus disponible pour être bloqué, mais le support va examiner le signalement. Nous vous écrirons dès la décision.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: we received your report about the ${v.valor} you sent to ${v.recebedor}. Support will review it.`,
          v.retido
            ? 'The amount is held during the review. We will write to you when it is decided.'
            : 'The amount was no longer available to hold, but support will review the report. We will write to you when it is decided.',
        ),
    },
  }),

  // ... and to the payee, without accusing anyone: {valor_centis, pagador, retido}.
  report_opened_payee: template({
    params: withAmounts({ valor_centis: centis, pagador: name, retido: z.boolean() }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ekip sipò a ap verifye peman ${v.valor} ou te resevwa nan men ${v.pagador}.`,
          ...(v.retido ? [`Pandan verifikasyon an, ${v.valor} rete kenbe sou kont ou.`] : []),
          'Ou pa bezwen fè anyen. N ap ekri w lè verifikasyon an fini.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: o suporte está verificando o pagamento de ${v.valor} que você recebeu de ${v.pagador}.`,
          ...(v.retido ? [`Durante a verificação, ${v.valor} ficam retidos na sua conta.`] : []),
          'Você não precisa fazer nada. Avisaremos quando a verificação terminar.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : le support vérifie le paiement de ${v.valor} que vous avez reçu de ${v.pagador}.`,
          ...(v.retido ? [`Pendant la vérification, ${v.valor} restent bloqués sur votre compte.`] : []),
          'Vous n’avez rien à faire. Nous vous écrirons à la fin de la vérification.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: support is checking the ${v.valor} payment you received from ${v.pagador}.`,
          ...(v.retido ? [`While it is checked, ${v.valor} stays held on your account.`] : []),
          'You do not need to do anything. We will write to you when the check is over.',
        ),
    },
  }),

  // The decision, to the payer: {valor_centis, recebedor, decisao, reembolso_centis (a refund)}.
  // The operator's reason stays in the back office.
  report_decided_payer: template({
    params: withAmounts({
      valor_centis: centis,
      recebedor: name,
      decisao: DECISION,
      reembolso_centis: centis.optional(),
    }),
    texts: {
      ht: (v) =>
        lines(
          ...{
            estornada: [`KreyolCash: ${v.valor} ou te voye bay ${v.recebedor} retounen sou kont ou.`],
            reembolsada: [
              `KreyolCash: sipò a ranbouse w ${v.reembolso ?? v.valor} sou ${v.valor} ou te voye bay ${v.recebedor}. Lajan sa a retounen sou kont ou.`,
            ],
            liberada: [
              `KreyolCash: sipò a fin egzamine rapò ou sou ${v.valor} ou te voye bay ${v.recebedor}. Peman an ale bay ${v.recebedor}.`,
              'Si w bezwen èd, kontakte sipò KreyolCash.',
            ],
            stands: [
              `KreyolCash: sipò a fin egzamine rapò ou sou ${v.valor} ou te voye bay ${v.recebedor}. Peman an rete jan l te ye.`,
              'Si w bezwen èd, kontakte sipò KreyolCash.',
            ],
          }[outcomeOf(v.decisao)],
        ),
      'pt-BR': (v) =>
        lines(
          ...{
            estornada: [
              `KreyolCash: os ${v.valor} que você enviou para ${v.recebedor} voltaram para a sua conta.`,
            ],
            reembolsada: [
              `KreyolCash: o suporte reembolsou ${v.reembolso ?? v.valor} dos ${v.valor} que você enviou para ${v.recebedor}. Esse valor voltou para a sua conta.`,
            ],
            liberada: [
              `KreyolCash: o suporte concluiu a análise da sua denúncia sobre os ${v.valor} enviados para ${v.recebedor}. O pagamento foi liberado para ${v.recebedor}.`,
              'Se precisar de ajuda, fale com o suporte da KreyolCash.',
            ],
            stands: [
              `KreyolCash: o suporte concluiu a análise da sua denúncia sobre os ${v.valor} enviados para ${v.recebedor}. O pagamento continua valendo.`,
              'Se precisar de ajuda, fale com o suporte da KreyolCash.',
            ],
          }[outcomeOf(v.decisao)],
        ),
      fr: (v) =>
        lines(
          ...{
            estornada: [
              `KreyolCash : les ${v.valor} envoyés à ${v.recebedor} sont revenus sur votre compte.`,
            ],
            reembolsada: [
              `KreyolCash : le support vous a remboursé ${v.reembolso ?? v.valor} sur les ${v.valor} envoyés à ${v.recebedor}. Ce montant est revenu sur votre compte.`,
            ],
            liberada: [
              `KreyolCash : le support a terminé l’examen de votre signalement sur les ${v.valor} envoyés à ${v.recebedor}. Le paiement a été versé à ${v.recebedor}.`,
              'Pour toute aide, contactez le support KreyolCash.',
            ],
            stands: [
              `KreyolCash : le support a terminé l’examen de votre signalement sur les ${v.valor} envoyés à ${v.recebedor}. Le paiement est maintenu.`,
              'Pour toute aide, contactez le support KreyolCash.',
            ],
          }[outcomeOf(v.decisao)],
        ),
      en: (v) =>
        lines(
          ...{
            estornada: [`KreyolCash: the ${v.valor} you sent to ${v.recebedor} is back in your account.`],
            reembolsada: [
              `KreyolCash: support refunded you ${v.reembolso ?? v.valor} of the ${v.valor} you sent to ${v.recebedor}. It is back in your account.`,
            ],
            liberada: [
              `KreyolCash: support has finished reviewing your report about the ${v.valor} you sent to ${v.recebedor}. The payment went to ${v.recebedor}.`,
              'If you need help, contact KreyolCash support.',
            ],
            stands: [
              `KreyolCash: support has finished reviewing your report about the ${v.valor} you sent to ${v.recebedor}. The payment stands.`,
              'If you need help, contact KreyolCash support.',
            ],
          }[outcomeOf(v.decisao)],
        ),
    },
  }),

  // ... and to the payee: {valor_centis, pagador, decisao, reembolso_centis (a refund)}.
  report_decided_payee: template({
    params: withAmounts({
      valor_centis: centis,
      pagador: name,
      decisao: DECISION,
      reembolso_centis: centis.optional(),
    }),
    texts: {
      ht: (v) =>
        lines(
          {
            estornada: `KreyolCash: apre verifikasyon, peman ${v.valor} ou te resevwa nan men ${v.pagador} retounen bay moun ki te voye l la.`,
            reembolsada: `KreyolCash: apre verifikasyon, ${v.reembolso ?? v.valor} nan peman ${v.valor} ou te resevwa nan men ${v.pagador} retounen bay moun ki te voye l la.`,
            liberada: `KreyolCash: verifikasyon peman ${v.valor} ${v.pagador} te voye ba ou a fini. Lajan an rive sou kont ou.`,
            stands: `KreyolCash: verifikasyon peman ${v.valor} ou te resevwa nan men ${v.pagador} fini. Lajan an rete pou ou.`,
          }[outcomeOf(v.decisao)],
        ),
      'pt-BR': (v) =>
        lines(
          {
            estornada: `KreyolCash: após a verificação, o pagamento de ${v.valor} que você recebeu de ${v.pagador} foi devolvido a quem o enviou.`,
            reembolsada: `KreyolCash: após a verificação, ${v.reembolso ?? v.valor} do pagamento de ${v.valor} que você recebeu de ${v.pagador} foram devolvidos a quem o enviou.`,
            liberada: `KreyolCash: a verificação do pagamento de ${v.valor} que ${v.pagador} enviou para você terminou. O dinheiro chegou à sua conta.`,
            stands: `KreyolCash: a verificação do pagamento de ${v.valor} que você recebeu de ${v.pagador} terminou. O dinheiro continua sendo seu.`,
          }[outcomeOf(v.decisao)],
        ),
      fr: (v) =>
        lines(
          {
            estornada: `KreyolCash : après vérification, le paiement de ${v.valor} reçu de ${v.pagador} a été rendu à son expéditeur.`,
            reembolsada: `KreyolCash : après vérification, ${v.reembolso ?? v.valor} du paiement de ${v.valor} reçu de ${v.pagador} ont été rendus à son expéditeur.`,
            liberada: `KreyolCash : la vérification du paiement de ${v.valor} que ${v.pagador} vous a envoyé est terminée. L’argent est arrivé sur votre compte.`,
            stands: `KreyolCash : la vérification du paiement de ${v.valor} reçu de ${v.pagador} est terminée. L’argent reste à vous.`,
          }[outcomeOf(v.decisao)],
        ),
      en: (v) =>
        lines(
          {
            estornada: `KreyolCash: after a check, the ${v.valor} payment you received from ${v.pagador} went back to its sender.`,
            reembolsada: `KreyolCash: after a check, ${v.reembolso ?? v.valor} of the ${v.valor} payment you received from ${v.pagador} went back to its sender.`,
            liberada: `KreyolCash: the check of the ${v.valor} payment ${v.pagador} sent you is over. The money reached your account.`,
            stands: `KreyolCash: the check of the ${v.valor} payment you received from ${v.pagador} is over. The money stays yours.`,
          }[outcomeOf(v.decisao)],
        ),
    },
  }),
};

import { z } from 'zod';
import { centis, lines, name, template, withAmounts } from './define.ts';

// "Wrong person" reports, written by the ledger's report functions (ledger/sql/reports.sql).
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

  // The decision, to the payer: {valor_centis, recebedor, decisao}. The operator's reason stays
  // in the back office.
  report_decided_payer: template({
    params: withAmounts({
      valor_centis: centis,
      recebedor: name,
      decisao: z.enum(['estornada', 'rejeitada', 'expirada']),
    }),
    texts: {
      ht: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: ${v.valor} ou te voye bay ${v.recebedor} retounen sou kont ou.`
            : `KreyolCash: sipò a fin egzamine rapò ou sou ${v.valor} ou te voye bay ${v.recebedor}. Peman an rete jan l te ye.`,
          ...(v.decisao === 'estornada' ? [] : ['Si w bezwen èd, kontakte sipò KreyolCash.']),
        ),
      'pt-BR': (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: os ${v.valor} que você enviou para ${v.recebedor} voltaram para a sua conta.`
            : `KreyolCash: o suporte concluiu a análise da sua denúncia sobre os ${v.valor} enviados para ${v.recebedor}. O pagamento continua valendo.`,
          ...(v.decisao === 'estornada' ? [] : ['Se precisar de ajuda, fale com o suporte da KreyolCash.']),
        ),
      fr: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash : les ${v.valor} envoyés à ${v.recebedor} sont revenus sur votre compte.`
            : `KreyolCash : le support a terminé l’examen de votre signalement sur les ${v.valor} envoyés à ${v.recebedor}. Le paiement est maintenu.`,
          ...(v.decisao === 'estornada' ? [] : ['Pour toute aide, contactez le support KreyolCash.']),
        ),
      en: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: the ${v.valor} you sent to ${v.recebedor} is back in your account.`
            : `KreyolCash: support has finished reviewing your report about the ${v.valor} you sent to ${v.recebedor}. The payment stands.`,
          ...(v.decisao === 'estornada' ? [] : ['If you need help, contact KreyolCash support.']),
        ),
    },
  }),

  // ... and to the payee: {valor_centis, pagador, decisao}.
  report_decided_payee: template({
    params: withAmounts({
      valor_centis: centis,
      pagador: name,
      decisao: z.enum(['estornada', 'rejeitada', 'expirada']),
    }),
    texts: {
      ht: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: apre verifikasyon, peman ${v.valor} ou te resevwa nan men ${v.pagador} retounen bay moun ki te voye l la.`
            : `KreyolCash: verifikasyon peman ${v.valor} ou te resevwa nan men ${v.pagador} fini. Lajan an rete pou ou.`,
        ),
      'pt-BR': (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: após a verificação, o pagamento de ${v.valor} que você recebeu de ${v.pagador} foi devolvido a quem o enviou.`
            : `KreyolCash: a verificação do pagamento de ${v.valor} que você recebeu de ${v.pagador} terminou. O dinheiro continua sendo seu.`,
        ),
      fr: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash : après vérification, le paiement de ${v.valor} reçu de ${v.pagador} a été rendu à son expéditeur.`
            : `KreyolCash : la vérification du paiement de ${v.valor} reçu de ${v.pagador} est terminée. L’argent reste à vous.`,
        ),
      en: (v) =>
        lines(
          v.decisao === 'estornada'
            ? `KreyolCash: after a check, the ${v.valor} payment you received from ${v.pagador} went back to its sender.`
            : `KreyolCash: the check of the ${v.valor} payment you received from ${v.pagador} is over. The money stays yours.`,
        ),
    },
  }),
};

import { z } from 'zod';
import { centis, lines, name, reason, template, withAmounts } from './define.ts';

// What the back office's decisions tell the people they concern: identity checks, adjustments,
// moderation.
export const backofficeTemplates = {
  // Compliance approved the document photo: the account reaches level 2.
  kyc_approved: template({
    params: z.object({ nome: name }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.nome}, nou verifye dokiman ou epi nou aksepte l. Kont ou rive nan nivo 2: ou ka voye ak kenbe plis lajan.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.nome}, verificamos e aprovamos o seu documento. Sua conta chegou ao nível 2: você pode enviar e guardar mais dinheiro.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.nome}, nous avons vérifié et approuvé votre pièce d’identité. Votre compte passe au niveau 2 : vous pouvez envoyer et garder plus d’argent.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.nome}, we checked and approved your ID document. Your account is now at level 2: you can send and keep more money.`,
        ),
    },
  }),

  // ... or rejected it, with the compliance officer's reason (as they wrote it).
  kyc_rejected: template({
    params: z.object({ nome: name, motivo: reason }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ${v.nome}, nou pa t ka aksepte foto dokiman ou a.`,
          `Rezon: ${v.motivo}`,
          'Ouvri aplikasyon an, nan Paramèt > Idantite, pou voye yon lòt foto.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: ${v.nome}, não pudemos aceitar a foto do seu documento.`,
          `Motivo: ${v.motivo}`,
          'Abra o aplicativo, em Configurações > Identidade, para enviar outra foto.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : ${v.nome}, nous n’avons pas pu accepter la photo de votre pièce d’identité.`,
          `Motif : ${v.motivo}`,
          'Ouvrez l’application, dans Paramètres > Identité, pour envoyer une autre photo.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.nome}, we could not accept the photo of your ID document.`,
          `Reason: ${v.motivo}`,
          'Open the app, under Settings > Identity, to send another photo.',
        ),
    },
  }),

  // An adjustment posted after its second approval, to its user: {valor_centis, credito, motivo}.
  adjustment_posted: template({
    params: withAmounts({ valor_centis: centis, credito: z.boolean(), motivo: reason }),
    texts: {
      ht: (v) =>
        lines(
          v.credito
            ? `KreyolCash: nou korije kont ou: nou mete ${v.valor} ladan l.`
            : `KreyolCash: nou korije kont ou: nou retire ${v.valor} ladan l.`,
          `Rezon: ${v.motivo}`,
          'Ou ka wè l nan istorik ou a, ak mo «Ajisteman».',
        ),
      'pt-BR': (v) =>
        lines(
          v.credito
            ? `KreyolCash: corrigimos sua conta: adicionamos ${v.valor}.`
            : `KreyolCash: corrigimos sua conta: retiramos ${v.valor}.`,
          `Motivo: ${v.motivo}`,
          'Ela aparece no seu extrato como «Ajuste».',
        ),
      fr: (v) =>
        lines(
          v.credito
            ? `KreyolCash : nous avons corrigé votre compte : ${v.valor} y ont été ajoutés.`
            : `KreyolCash : nous avons corrigé votre compte : ${v.valor} en ont été retirés.`,
          `Motif : ${v.motivo}`,
          'Elle apparaît dans votre historique comme « Ajustement ».',
        ),
      en: (v) =>
        lines(
          v.credito
            ? `KreyolCash: we corrected your account: we added ${v.valor}.`
            : `KreyolCash: we corrected your account: we removed ${v.valor}.`,
          `Reason: ${v.motivo}`,
          'It shows in your history as “Adjustment”.',
        ),
    },
  }),

  // Moderation, to a buyer whose purchase was waiting for its code there: it is cancelled and the
  // money held for it is free again. The operator's reason is the owner's, not the buyer's.
  purchase_voided: template({
    params: withAmounts({ produto: name, empresa: name, valor_centis: centis }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: nou anile acha ou a «${v.produto}» nan «${v.empresa}»: li pa ka fèt kounye a.`,
          `${v.valor} ki te rezève pou li a disponib ankò nan kont ou.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: cancelamos sua compra de «${v.produto}» em «${v.empresa}»: ela não pode ser concluída agora.`,
          `Os ${v.valor} reservados para ela estão disponíveis de novo na sua conta.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : nous avons annulé votre achat « ${v.produto} » chez « ${v.empresa} » : il ne peut pas aboutir pour le moment.`,
          `Les ${v.valor} réservés pour cet achat sont de nouveau disponibles sur votre compte.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: we cancelled your purchase of “${v.produto}” from “${v.empresa}”: it cannot go through for now.`,
          `The ${v.valor} held for it is available again in your account.`,
        ),
    },
  }),

  // Moderation, to the owner: their company's new status with the operator's reason.
  company_moderated: template({
    params: z.object({
      empresa: name,
      status: z.enum(['ATIVA', 'SUSPENSA', 'INATIVA']),
      motivo: reason,
    }),
    texts: {
      ht: (v) =>
        lines(
          {
            SUSPENSA: `KreyolCash: nou sispann konpani ou a «${v.empresa}» pou kounye a. Pèsonn pa ka achte ladan l, e acha ki t ap tann kòd yo anile.`,
            INATIVA: `KreyolCash: nou dezaktive konpani ou a «${v.empresa}». Li pa parèt nan mache a ankò, e acha ki t ap tann kòd yo anile.`,
            ATIVA: `KreyolCash: konpani ou a «${v.empresa}» aktif ankò. Moun ka achte ladan l ankò.`,
          }[v.status],
          `Rezon: ${v.motivo}`,
        ),
      'pt-BR': (v) =>
        lines(
          {
            SUSPENSA: `KreyolCash: sua empresa «${v.empresa}» foi suspensa. Ninguém pode comprar nela, e as compras que aguardavam o código foram canceladas.`,
            INATIVA: `KreyolCash: sua empresa «${v.empresa}» foi desativada. Ela não aparece mais no mercado, e as compras que aguardavam o código foram canceladas.`,
            ATIVA: `KreyolCash: sua empresa «${v.empresa}» está ativa de novo. Já é possível comprar nela.`,
          }[v.status],
          `Motivo: ${v.motivo}`,
        ),
      fr: (v) =>
        lines(
          {
            SUSPENSA: `KreyolCash : votre entreprise « ${v.empresa} » est suspendue. Personne ne peut y acheter, et les achats qui attendaient leur code ont été annulés.`,
            INATIVA: `KreyolCash : votre entreprise « ${v.empresa} » a été désactivée. Elle n’apparaît plus sur le marché, et les achats qui attendaient leur code ont été annulés.`,
            ATIVA: `KreyolCash : votre entreprise « ${v.empresa} » est de nouveau active. On peut à nouveau y acheter.`,
          }[v.status],
          `Motif : ${v.motivo}`,
        ),
      en: (v) =>
        lines(
          {
            SUSPENSA: `KreyolCash: your company “${v.empresa}” is suspended. Nobody can buy from it, and purchases waiting for their code were cancelled.`,
            INATIVA: `KreyolCash: your company “${v.empresa}” was deactivated. It no longer appears in the marketplace, and purchases waiting for their code were cancelled.`,
            ATIVA: `KreyolCash: your company “${v.empresa}” is active again. People can buy from it again.`,
          }[v.status],
          `Reason: ${v.motivo}`,
        ),
    },
  }),

  // ... and a product deactivated or reactivated: {produto, ativo, motivo}.
  product_moderated: template({
    params: z.object({ produto: name, ativo: z.boolean(), motivo: reason }),
    texts: {
      ht: (v) =>
        lines(
          v.ativo
            ? `KreyolCash: pwodui ou a «${v.produto}» aktif ankò.`
            : `KreyolCash: nou dezaktive pwodui ou a «${v.produto}». Li pa parèt nan mache a ankò, e acha ki t ap tann kòd yo anile.`,
          `Rezon: ${v.motivo}`,
        ),
      'pt-BR': (v) =>
        lines(
          v.ativo
            ? `KreyolCash: seu produto «${v.produto}» está ativo de novo.`
            : `KreyolCash: seu produto «${v.produto}» foi desativado. Ele não aparece mais no mercado, e as compras que aguardavam o código foram canceladas.`,
          `Motivo: ${v.motivo}`,
        ),
      fr: (v) =>
        lines(
          v.ativo
            ? `KreyolCash : votre produit « ${v.produto} » est de nouveau actif.`
            : `KreyolCash : votre produit « ${v.produto} » a été désactivé. Il n’apparaît plus sur le marché, et les achats qui attendaient leur code ont été annulés.`,
          `Motif : ${v.motivo}`,
        ),
      en: (v) =>
        lines(
          v.ativo
            ? `KreyolCash: your product “${v.produto}” is active again.`
            : `KreyolCash: your product “${v.produto}” was deactivated. It no longer appears in the marketplace, and purchases waiting for their code were cancelled.`,
          `Reason: ${v.motivo}`,
        ),
    },
  }),
};

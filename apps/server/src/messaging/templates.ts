import { formatKreyol, type Locale, SIGNUP_BONUS_CENTIS } from '@kreyolcash/domain';
import { z } from 'zod';

// Every outgoing WhatsApp message and e-mail, as a template: the parameters it needs (checked when
// it is rendered) and its text in each language of LOCALES. Rows of outbox_messages carry a
// template key, its parameters and the recipient's language; the outbox worker renders them just
// before sending (render.ts). Creole first: short, clear, one idea per line. A code message
// always says never to share the code and when it dies.

export type WhatsAppText = { text: string };
export type EmailContent = { subject: string; text: string; html: string };
export type RenderedMessage = { text: string; subject?: string; html?: string };

// Parameter types. Amounts are integer centis, formatted with the domain's formatter here, at
// render time; no parameter is ever a ready-made sentence.
const code = z.string().regex(/^\d{6}$/, 'expected a 6-digit code');
const name = z.string().min(1);
const centis = z.int().min(0);
const count = z.int().positive();
const link = z.string().regex(/^https?:\/\/\S+$/, 'expected an http(s) link');

type Template<TParams extends z.ZodType<object>, TRendered extends RenderedMessage> = {
  /** Checks the stored parameters and turns them into what the texts print. */
  params: TParams;
  texts: Record<Locale, (v: z.output<TParams>) => TRendered>;
};

function template<TParams extends z.ZodType<object>, TRendered extends RenderedMessage>(
  t: Template<TParams, TRendered>,
): Template<TParams, TRendered> {
  return t;
}

const lines = (...parts: string[]): WhatsAppText => ({ text: parts.join('\n') });

// "N minutes" with the plural each language needs (Creole does not inflect).
const minutes = {
  'pt-BR': (n: number) => `${n} ${n === 1 ? 'minuto' : 'minutos'}`,
  fr: (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
  en: (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
};

const NEVER_SHARE: Record<Locale, string> = {
  ht: 'Pa janm bay pèsonn kòd sa a, menm si yo di yo travay pou KreyolCash.',
  'pt-BR': 'Nunca passe este código para ninguém, mesmo que digam que trabalham para a KreyolCash.',
  fr: 'Ne donnez jamais ce code à personne, même à quelqu’un qui dit travailler pour KreyolCash.',
  en: 'Never share this code with anyone, even if they say they work for KreyolCash.',
};

export const TEMPLATES = {
  // Written by the ledger's SQL functions: {codigo, valor_centis, recebedor, validade_min}.
  transfer_code: template({
    params: z
      .object({ codigo: code, valor_centis: centis, recebedor: name, validade_min: count })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: kòd ou pou voye ${v.valor} bay ${v.recebedor} se *${v.codigo}*.`,
          `Li valab pou ${v.validade_min} minit.`,
          NEVER_SHARE.ht,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: seu código para enviar ${v.valor} para ${v.recebedor} é *${v.codigo}*.`,
          `Ele vale por ${minutes['pt-BR'](v.validade_min)}.`,
          NEVER_SHARE['pt-BR'],
        ),
      fr: (v) =>
        lines(
          `KreyolCash : votre code pour envoyer ${v.valor} à ${v.recebedor} est *${v.codigo}*.`,
          `Il est valable ${minutes.fr(v.validade_min)}.`,
          NEVER_SHARE.fr,
        ),
      en: (v) =>
        lines(
          `KreyolCash: your code to send ${v.valor} to ${v.recebedor} is *${v.codigo}*.`,
          `It is valid for ${minutes.en(v.validade_min)}.`,
          NEVER_SHARE.en,
        ),
    },
  }),

  // To the payer once the transfer is posted: {valor_centis, recebedor}.
  transfer_sent: template({
    params: z
      .object({ valor_centis: centis, recebedor: name })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
    texts: {
      ht: (v) => lines(`KreyolCash: ou voye ${v.valor} bay ${v.recebedor}. Transfè a fèt ak siksè.`),
      'pt-BR': (v) =>
        lines(`KreyolCash: você enviou ${v.valor} para ${v.recebedor}. A transferência foi concluída.`),
      fr: (v) => lines(`KreyolCash : vous avez envoyé ${v.valor} à ${v.recebedor}. Le transfert a réussi.`),
      en: (v) => lines(`KreyolCash: you sent ${v.valor} to ${v.recebedor}. The transfer went through.`),
    },
  }),

  // To the payee: {valor_centis, pagador}.
  transfer_received: template({
    params: z
      .object({ valor_centis: centis, pagador: name })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
    texts: {
      ht: (v) => lines(`KreyolCash: ou resevwa ${v.valor} nan men ${v.pagador}.`),
      'pt-BR': (v) => lines(`KreyolCash: você recebeu ${v.valor} de ${v.pagador}.`),
      fr: (v) => lines(`KreyolCash : vous avez reçu ${v.valor} de ${v.pagador}.`),
      en: (v) => lines(`KreyolCash: you received ${v.valor} from ${v.pagador}.`),
    },
  }),

  // To the buyer: {codigo, produto, valor_centis, validade_min}.
  purchase_code: template({
    params: z
      .object({ codigo: code, produto: name, valor_centis: centis, validade_min: count })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: kòd ou pou achte "${v.produto}" (${v.valor}) se *${v.codigo}*.`,
          `Li valab pou ${v.validade_min} minit.`,
          NEVER_SHARE.ht,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: seu código para comprar "${v.produto}" (${v.valor}) é *${v.codigo}*.`,
          `Ele vale por ${minutes['pt-BR'](v.validade_min)}.`,
          NEVER_SHARE['pt-BR'],
        ),
      fr: (v) =>
        lines(
          `KreyolCash : votre code pour acheter « ${v.produto} » (${v.valor}) est *${v.codigo}*.`,
          `Il est valable ${minutes.fr(v.validade_min)}.`,
          NEVER_SHARE.fr,
        ),
      en: (v) =>
        lines(
          `KreyolCash: your code to buy "${v.produto}" (${v.valor}) is *${v.codigo}*.`,
          `It is valid for ${minutes.en(v.validade_min)}.`,
          NEVER_SHARE.en,
        ),
    },
  }),

  // To the seller when a purchase is confirmed: {produto, quantidade, valor_centis, comprador}.
  new_sale: template({
    params: z
      .object({ produto: name, quantidade: count, valor_centis: centis, comprador: name })
      .transform(({ valor_centis, quantidade, ...p }) => ({
        ...p,
        quantidade: String(quantidade),
        valor: formatKreyol(valor_centis),
      })),
    texts: {
      ht: (v) =>
        lines(
          'KreyolCash: ou gen yon nouvo vant!',
          `Pwodui: ${v.produto}`,
          `Kantite: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Kliyan: ${v.comprador}`,
        ),
      'pt-BR': (v) =>
        lines(
          'KreyolCash: você tem uma nova venda!',
          `Produto: ${v.produto}`,
          `Quantidade: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Cliente: ${v.comprador}`,
        ),
      fr: (v) =>
        lines(
          'KreyolCash : vous avez une nouvelle vente !',
          `Produit : ${v.produto}`,
          `Quantité : ${v.quantidade}`,
          `Total : ${v.valor}`,
          `Client : ${v.comprador}`,
        ),
      en: (v) =>
        lines(
          'KreyolCash: you have a new sale!',
          `Product: ${v.produto}`,
          `Quantity: ${v.quantidade}`,
          `Total: ${v.valor}`,
          `Customer: ${v.comprador}`,
        ),
    },
  }),

  // To a friend's phone (no account yet, so in the inviter's language).
  referral_invitation: template({
    params: z
      .object({
        amigo: name,
        convidante: name,
        valor_centis: centis,
        bonus_cadastro_centis: centis,
        link,
      })
      .transform(({ valor_centis, bonus_cadastro_centis, ...p }) => ({
        ...p,
        valor: formatKreyol(valor_centis),
        bonus_cadastro: formatKreyol(bonus_cadastro_centis),
      })),
    texts: {
      ht: (v) =>
        lines(
          `Bonjou ${v.amigo}! ${v.convidante} envite w sou KreyolCash, bous dijital an Kreyòl la.`,
          `Enskri epi konfime imèl ou: ou resevwa ${v.bonus_cadastro} kado, e ${v.convidante} ap resevwa ${v.valor} bonis.`,
          v.link,
        ),
      'pt-BR': (v) =>
        lines(
          `Olá, ${v.amigo}! ${v.convidante} convidou você para a KreyolCash, a carteira digital em crioulo haitiano.`,
          `Cadastre-se e confirme seu e-mail: você ganha ${v.bonus_cadastro} de presente, e ${v.convidante} ganha ${v.valor} de bônus.`,
          v.link,
        ),
      fr: (v) =>
        lines(
          `Bonjour ${v.amigo} ! ${v.convidante} vous invite sur KreyolCash, le portefeuille numérique en créole haïtien.`,
          `Inscrivez-vous et confirmez votre e-mail : vous recevrez ${v.bonus_cadastro} en cadeau, et ${v.convidante} recevra ${v.valor} de bonus.`,
          v.link,
        ),
      en: (v) =>
        lines(
          `Hello ${v.amigo}! ${v.convidante} invites you to KreyolCash, the digital wallet in Haitian Creole.`,
          `Sign up and confirm your e-mail: you get ${v.bonus_cadastro} as a gift, and ${v.convidante} gets a ${v.valor} bonus.`,
          v.link,
        ),
    },
  }),

  // The two codes of a phone change: etapa 'atual' to the current number, 'novo' to the new one.
  phone_change_code: template({
    params: z.object({ codigo: code, etapa: z.enum(['atual', 'novo']), validade_min: count }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: kòd ${
            v.etapa === 'atual'
              ? 'pou konfime se ou menm ki vle chanje nimewo telefòn ou (etap 1/2)'
              : 'pou konfime nouvo nimewo telefòn ou (etap 2/2)'
          } se *${v.codigo}*.`,
          `Li valab pou ${v.validade_min} minit.`,
          NEVER_SHARE.ht,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: o código ${
            v.etapa === 'atual'
              ? 'para confirmar que é você quem quer trocar o seu número de telefone (etapa 1/2)'
              : 'para confirmar o seu novo número de telefone (etapa 2/2)'
          } é *${v.codigo}*.`,
          `Ele vale por ${minutes['pt-BR'](v.validade_min)}.`,
          NEVER_SHARE['pt-BR'],
        ),
      fr: (v) =>
        lines(
          `KreyolCash : le code ${
            v.etapa === 'atual'
              ? 'pour confirmer que c’est bien vous qui voulez changer de numéro de téléphone (étape 1/2)'
              : 'pour confirmer votre nouveau numéro de téléphone (étape 2/2)'
          } est *${v.codigo}*.`,
          `Il est valable ${minutes.fr(v.validade_min)}.`,
          NEVER_SHARE.fr,
        ),
      en: (v) =>
        lines(
          `KreyolCash: the code ${
            v.etapa === 'atual'
              ? 'to confirm that it is you who wants to change your phone number (step 1/2)'
              : 'to confirm your new phone number (step 2/2)'
          } is *${v.codigo}*.`,
          `It is valid for ${minutes.en(v.validade_min)}.`,
          NEVER_SHARE.en,
        ),
    },
  }),

  // The proof of the sign-up phone (issue 15): until it is entered the account cannot move money.
  phone_proof_code: template({
    params: z.object({ codigo: code, validade_min: count }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: kòd pou konfime nimewo telefòn ou se *${v.codigo}*.`,
          `Li valab pou ${v.validade_min} minit.`,
          NEVER_SHARE.ht,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: o código para confirmar o seu número de telefone é *${v.codigo}*.`,
          `Ele vale por ${minutes['pt-BR'](v.validade_min)}.`,
          NEVER_SHARE['pt-BR'],
        ),
      fr: (v) =>
        lines(
          `KreyolCash : le code pour confirmer votre numéro de téléphone est *${v.codigo}*.`,
          `Il est valable ${minutes.fr(v.validade_min)}.`,
          NEVER_SHARE.fr,
        ),
      en: (v) =>
        lines(
          `KreyolCash: the code to confirm your phone number is *${v.codigo}*.`,
          `It is valid for ${minutes.en(v.validade_min)}.`,
          NEVER_SHARE.en,
        ),
    },
  }),

  // To the old number once the phone has changed: its last 4 digits.
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

  // The referral bonus, told to the inviter when the invited friend confirms the account.
  referral_bonus: template({
    params: z
      .object({ amigo: name, valor_centis: centis })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
    params: z
      .object({ convidante: name, valor_centis: centis })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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

  // Compliance approved the document photo (issue 16): the account reaches level 2.
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
    params: z.object({ nome: name, motivo: z.string().trim().min(1).max(500) }),
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

  // "Wrong person" reports (ledger/sql/reports.sql). To the payer who reported a transfer:
  // {valor_centis, recebedor, retido} (retido: the amount is held on the payee's side).
  report_opened_payer: template({
    params: z
      .object({ valor_centis: centis, recebedor: name, retido: z.boolean() })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
    params: z
      .object({ valor_centis: centis, pagador: name, retido: z.boolean() })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
    params: z
      .object({
        valor_centis: centis,
        recebedor: name,
        decisao: z.enum(['estornada', 'rejeitada', 'expirada']),
      })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
    params: z
      .object({
        valor_centis: centis,
        pagador: name,
        decisao: z.enum(['estornada', 'rejeitada', 'expirada']),
      })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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

  // Back office (issue 16). An adjustment posted after its second approval, to its user:
  // {valor_centis, credito, motivo}.
  adjustment_posted: template({
    params: z
      .object({ valor_centis: centis, credito: z.boolean(), motivo: z.string().trim().min(1).max(500) })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
    params: z
      .object({ produto: name, empresa: name, valor_centis: centis })
      .transform(({ valor_centis, ...p }) => ({ ...p, valor: formatKreyol(valor_centis) })),
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
      motivo: z.string().trim().min(1).max(500),
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
    params: z.object({ produto: name, ativo: z.boolean(), motivo: z.string().trim().min(1).max(500) }),
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

  email_confirmation: template({
    params: z.object({ nome: name, link }),
    texts: {
      ht: (v) =>
        email('ht', {
          subject: 'Konfime imèl ou — KreyolCash',
          greeting: `Bonjou ${v.nome},`,
          body: 'Mèsi paske ou enskri sou KreyolCash! Klike sou bouton an pou konfime imèl ou. Lyen an valab pou 24 èdtan epi li mache yon sèl fwa.',
          action: 'Konfime imèl mwen',
          url: v.link,
          footer: 'Si se pa ou ki te enskri, pa okipe mesaj sa a.',
        }),
      'pt-BR': (v) =>
        email('pt-BR', {
          subject: 'Confirme seu e-mail — KreyolCash',
          greeting: `Olá, ${v.nome},`,
          body: 'Obrigado por se cadastrar na KreyolCash! Clique no botão para confirmar seu e-mail. O link vale por 24 horas e só funciona uma vez.',
          action: 'Confirmar meu e-mail',
          url: v.link,
          footer: 'Se não foi você que se cadastrou, ignore esta mensagem.',
        }),
      fr: (v) =>
        email('fr', {
          subject: 'Confirmez votre e-mail — KreyolCash',
          greeting: `Bonjour ${v.nome},`,
          body: 'Merci de vous être inscrit sur KreyolCash ! Cliquez sur le bouton pour confirmer votre e-mail. Le lien est valable 24 heures et ne fonctionne qu’une fois.',
          action: 'Confirmer mon e-mail',
          url: v.link,
          footer: 'Si ce n’est pas vous qui vous êtes inscrit, ignorez ce message.',
        }),
      en: (v) =>
        email('en', {
          subject: 'Confirm your e-mail — KreyolCash',
          greeting: `Hello ${v.nome},`,
          body: 'Thank you for signing up for KreyolCash! Click the button to confirm your e-mail. The link is valid for 24 hours and works only once.',
          action: 'Confirm my e-mail',
          url: v.link,
          footer: 'If you did not sign up, you can ignore this message.',
        }),
    },
  }),

  password_reset: template({
    params: z.object({ nome: name, link }),
    texts: {
      ht: (v) =>
        email('ht', {
          subject: 'Chanje modpas ou — KreyolCash',
          greeting: `Bonjou ${v.nome},`,
          body: 'Nou resevwa yon demann pou chanje modpas kont KreyolCash ou. Lyen an valab pou 1 èdtan epi li mache yon sèl fwa.',
          action: 'Chwazi yon nouvo modpas',
          url: v.link,
          footer: 'Si se pa ou ki te mande sa, pa okipe mesaj sa a: modpas ou pa chanje.',
        }),
      'pt-BR': (v) =>
        email('pt-BR', {
          subject: 'Troque sua senha — KreyolCash',
          greeting: `Olá, ${v.nome},`,
          body: 'Recebemos um pedido para trocar a senha da sua conta KreyolCash. O link vale por 1 hora e só funciona uma vez.',
          action: 'Escolher uma nova senha',
          url: v.link,
          footer: 'Se não foi você que pediu, ignore esta mensagem: sua senha não mudou.',
        }),
      fr: (v) =>
        email('fr', {
          subject: 'Changez votre mot de passe — KreyolCash',
          greeting: `Bonjour ${v.nome},`,
          body: 'Nous avons reçu une demande pour changer le mot de passe de votre compte KreyolCash. Le lien est valable 1 heure et ne fonctionne qu’une fois.',
          action: 'Choisir un nouveau mot de passe',
          url: v.link,
          footer: 'Si vous n’avez rien demandé, ignorez ce message : votre mot de passe n’a pas changé.',
        }),
      en: (v) =>
        email('en', {
          subject: 'Change your password — KreyolCash',
          greeting: `Hello ${v.nome},`,
          body: 'We received a request to change the password of your KreyolCash account. The link is valid for 1 hour and works only once.',
          action: 'Choose a new password',
          url: v.link,
          footer: 'If you did not ask for this, ignore this message: your password has not changed.',
        }),
    },
  }),
};

export type TemplateName = keyof typeof TEMPLATES;
/** What an enqueuer stores in `params` for a template (amounts as integer centis). */
export type TemplateParams<K extends TemplateName> = z.input<(typeof TEMPLATES)[K]['params']>;

export function isTemplateName(value: string): value is TemplateName {
  return Object.hasOwn(TEMPLATES, value);
}

// The registry's Creole texts as functions of values already written out, for callers that write
// the message themselves (the transfer and purchase services passed the ledger's placeholders as
// values). New code enqueues a template instead (outbox.ts).

export function transferCodeMessage(p: {
  code: string;
  amount: string;
  payeeName: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return TEMPLATES.transfer_code.texts.ht({
    codigo: p.code,
    valor: p.amount,
    recebedor: p.payeeName,
    validade_min: p.expiresInMinutes,
  });
}

export function transferSentMessage(p: { amount: string; payeeName: string }): WhatsAppText {
  return TEMPLATES.transfer_sent.texts.ht({ valor: p.amount, recebedor: p.payeeName });
}

export function transferReceivedMessage(p: { amount: string; payerName: string }): WhatsAppText {
  return TEMPLATES.transfer_received.texts.ht({ valor: p.amount, pagador: p.payerName });
}

export function purchaseCodeMessage(p: {
  code: string;
  productName: string;
  amount: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return TEMPLATES.purchase_code.texts.ht({
    codigo: p.code,
    produto: p.productName,
    valor: p.amount,
    validade_min: p.expiresInMinutes,
  });
}

export function newSaleMessage(p: {
  productName: string;
  quantity: string;
  amount: string;
  buyerName: string;
}): WhatsAppText {
  return TEMPLATES.new_sale.texts.ht({
    produto: p.productName,
    quantidade: p.quantity,
    valor: p.amount,
    comprador: p.buyerName,
  });
}

export function referralInvitationMessage(p: {
  friendName: string;
  inviterName: string;
  bonusCentis: number;
  signupUrl: string;
}): WhatsAppText {
  return TEMPLATES.referral_invitation.texts.ht({
    amigo: p.friendName,
    convidante: p.inviterName,
    valor: formatKreyol(p.bonusCentis),
    bonus_cadastro: formatKreyol(SIGNUP_BONUS_CENTIS),
    link: p.signupUrl,
  });
}

export function phoneChangeCodeMessage(p: {
  code: string;
  step: 'current' | 'new';
  expiresInMinutes: number;
}): WhatsAppText {
  return TEMPLATES.phone_change_code.texts.ht({
    codigo: p.code,
    etapa: p.step === 'current' ? 'atual' : 'novo',
    validade_min: p.expiresInMinutes,
  });
}

export function phoneChangedMessage(p: { newPhoneEnding: string }): WhatsAppText {
  return TEMPLATES.phone_changed.texts.ht({ final_telefone: p.newPhoneEnding });
}

export function referralBonusMessage(p: { friendName: string; bonusCentis: number }): WhatsAppText {
  return TEMPLATES.referral_bonus.texts.ht({ amigo: p.friendName, valor: formatKreyol(p.bonusCentis) });
}

export function referralWelcomeMessage(p: { inviterName: string; bonusCentis: number }): WhatsAppText {
  return TEMPLATES.referral_welcome.texts.ht({
    convidante: p.inviterName,
    valor: formatKreyol(p.bonusCentis),
  });
}

export function emailConfirmationEmail(p: { name: string; url: string }): EmailContent {
  return TEMPLATES.email_confirmation.texts.ht({ nome: p.name, link: p.url });
}

export function passwordResetEmail(p: { name: string; url: string }): EmailContent {
  return TEMPLATES.password_reset.texts.ht({ nome: p.name, link: p.url });
}

function email(
  lang: Locale,
  p: { subject: string; greeting: string; body: string; action: string; url: string; footer: string },
): EmailContent {
  const text = [p.greeting, '', p.body, '', `${p.action}: ${p.url}`, '', p.footer, '', 'KreyolCash'].join(
    '\n',
  );
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:480px;margin:auto;padding:16px">
<p>${escapeHtml(p.greeting)}</p><p>${escapeHtml(p.body)}</p>
<p><a href="${escapeHtml(p.url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(p.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.url)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(p.footer)}</p><p>KreyolCash</p></body></html>`;
  return { subject: p.subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

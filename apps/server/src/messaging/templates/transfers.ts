import {
  centis,
  code,
  codeMessage,
  count,
  lines,
  name,
  template,
  type WhatsAppText,
  withAmounts,
} from './define.ts';

// Written by the ledger's transfer functions (ledger/sql/transfers.sql).
export const transferTemplates = {
  // To the payer, before anything moves: {codigo, valor_centis, tarifa_centis?, recebedor, validade_min}.
  // The fee is named next to the amount when there is one (the ledger leaves it out when none), so
  // the code is read beside all it confirms.
  transfer_code: template({
    params: withAmounts({
      codigo: code,
      valor_centis: centis,
      tarifa_centis: centis.optional(),
      recebedor: name,
      validade_min: count,
    }),
    texts: {
      ht: (v) =>
        codeMessage(
          'ht',
          `KreyolCash: kòd ou pou voye ${v.valor} bay ${v.recebedor}${feeNote('frè', v.tarifa)} se *${v.codigo}*.`,
          v.validade_min,
        ),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: seu código para enviar ${v.valor} para ${v.recebedor}${feeNote('tarifa', v.tarifa)} é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : votre code pour envoyer ${v.valor} à ${v.recebedor}${feeNote('frais', v.tarifa)} est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: your code to send ${v.valor} to ${v.recebedor}${feeNote('fee', v.tarifa)} is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // To the payer once the transfer is posted: {valor_centis, recebedor}.
  transfer_sent: template({
    params: withAmounts({ valor_centis: centis, recebedor: name }),
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
    params: withAmounts({ valor_centis: centis, pagador: name }),
    texts: {
      ht: (v) => lines(`KreyolCash: ou resevwa ${v.valor} nan men ${v.pagador}.`),
      'pt-BR': (v) => lines(`KreyolCash: você recebeu ${v.valor} de ${v.pagador}.`),
      fr: (v) => lines(`KreyolCash : vous avez reçu ${v.valor} de ${v.pagador}.`),
      en: (v) => lines(`KreyolCash: you received ${v.valor} from ${v.pagador}.`),
    },
  }),
};

// The Creole texts as functions of amounts already written out, for callers that write the message
// themselves. New code enqueues a template instead (outbox.ts).

export function transferCodeMessage(p: {
  code: string;
  amount: string;
  payeeName: string;
  expiresInMinutes: number;
}): WhatsAppText {
  return transferTemplates.transfer_code.texts.ht({
    codigo: p.code,
    valor: p.amount,
    recebedor: p.payeeName,
    validade_min: p.expiresInMinutes,
  });
}

export function transferSentMessage(p: { amount: string; payeeName: string }): WhatsAppText {
  return transferTemplates.transfer_sent.texts.ht({ valor: p.amount, recebedor: p.payeeName });
}

export function transferReceivedMessage(p: { amount: string; payerName: string }): WhatsAppText {
  return transferTemplates.transfer_received.texts.ht({ valor: p.amount, pagador: p.payerName });
}

/** " (fee ₭1,00)" after the amount a fee is charged on; nothing when there is none. */
function feeNote(word: string, fee: string | undefined): string {
  return fee === undefined ? '' : ` (${word} ${fee})`;
}

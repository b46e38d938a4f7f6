import { z } from 'zod';
import { centis, code, codeMessage, count, lines, name, template, withAmounts } from './define.ts';

// An agent's cash-ins and a customer's cash-outs (docs/agents.md). The codes are queued by the
// agents' feature; the receipts by the ledger once the money has moved (ledger/sql/agents.sql).
export const agentNumber = z.int().min(10_001).max(99_999);
// The ₭/HTG rate in force when the money moved, in basis points (10 000: 1 ₭ = 1 HTG); a receipt
// queued before the rate was recorded has none.
const rate = z.int().positive().optional();

const RATE_LABEL = { ht: 'To chanj', 'pt-BR': 'Câmbio', fr: 'Taux', en: 'Rate' } as const;

/** "To chanj: ₭1 = 1,25 HTG." in the reader's language, or nothing without a rate. */
function rateLine(locale: keyof typeof RATE_LABEL, bp: number | undefined): string[] {
  if (bp === undefined) return [];
  // Basis points over 10 000 print exactly (at most four decimals); the decimal comma but in English.
  const gourdes = String(bp / 10_000).replace('.', locale === 'en' ? '.' : ',');
  return [`${RATE_LABEL[locale]}${locale === 'fr' ? ' ' : ''}: ₭1 = ${gourdes} HTG.`];
}

export const agentTemplates = {
  // To the agent, before their float pays: {codigo, valor_centis, cliente, validade_min}.
  cash_in_code: template({
    params: withAmounts({ codigo: code, valor_centis: centis, cliente: name, validade_min: count }),
    texts: {
      ht: (v) =>
        codeMessage(
          'ht',
          `KreyolCash: kòd ou pou depoze ${v.valor} bay ${v.cliente} se *${v.codigo}*.`,
          v.validade_min,
        ),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: seu código para depositar ${v.valor} para ${v.cliente} é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : votre code pour déposer ${v.valor} à ${v.cliente} est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: your code to cash in ${v.valor} for ${v.cliente} is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // To the customer, before anything is held: {codigo, valor_centis, taxa_centis, agente, numero, validade_min}.
  cash_out_code: template({
    params: withAmounts({
      codigo: code,
      valor_centis: centis,
      taxa_centis: centis,
      agente: name,
      numero: agentNumber,
      validade_min: count,
    }),
    texts: {
      ht: (v) =>
        codeMessage(
          'ht',
          `KreyolCash: kòd ou pou retire ${v.valor} kach lakay ${v.agente} (ajan ${v.numero}), frè ${v.taxa}, se *${v.codigo}*.`,
          v.validade_min,
        ),
      'pt-BR': (v) =>
        codeMessage(
          'pt-BR',
          `KreyolCash: seu código para sacar ${v.valor} em dinheiro com ${v.agente} (agente ${v.numero}), tarifa ${v.taxa}, é *${v.codigo}*.`,
          v.validade_min,
        ),
      fr: (v) =>
        codeMessage(
          'fr',
          `KreyolCash : votre code pour retirer ${v.valor} en espèces chez ${v.agente} (agent ${v.numero}), frais ${v.taxa}, est *${v.codigo}*.`,
          v.validade_min,
        ),
      en: (v) =>
        codeMessage(
          'en',
          `KreyolCash: your code to cash out ${v.valor} at ${v.agente} (agent ${v.numero}), fee ${v.taxa}, is *${v.codigo}*.`,
          v.validade_min,
        ),
    },
  }),

  // To the customer: {valor_centis, agente, numero}.
  cash_in_received: template({
    params: withAmounts({ valor_centis: centis, agente: name, numero: agentNumber, cotacao_bp: rate }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ou resevwa ${v.valor} nan kont ou, depo lakay ${v.agente} (ajan ${v.numero}).`,
          ...rateLine('ht', v.cotacao_bp),
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você recebeu ${v.valor} na sua conta, depósito com ${v.agente} (agente ${v.numero}).`,
          ...rateLine('pt-BR', v.cotacao_bp),
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez reçu ${v.valor} sur votre compte, dépôt chez ${v.agente} (agent ${v.numero}).`,
          ...rateLine('fr', v.cotacao_bp),
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.valor} arrived in your account, cashed in at ${v.agente} (agent ${v.numero}).`,
          ...rateLine('en', v.cotacao_bp),
        ),
    },
  }),

  // To the agent: {valor_centis, cliente}.
  cash_in_given: template({
    params: withAmounts({ valor_centis: centis, cliente: name, cotacao_bp: rate }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ou depoze ${v.valor} bay ${v.cliente}. Lajan an soti nan kès ajan ou.`,
          ...rateLine('ht', v.cotacao_bp),
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você depositou ${v.valor} para ${v.cliente}, do seu caixa de agente.`,
          ...rateLine('pt-BR', v.cotacao_bp),
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez déposé ${v.valor} à ${v.cliente}, depuis votre caisse d’agent.`,
          ...rateLine('fr', v.cotacao_bp),
        ),
      en: (v) =>
        lines(
          `KreyolCash: you cashed in ${v.valor} for ${v.cliente}, from your agent float.`,
          ...rateLine('en', v.cotacao_bp),
        ),
    },
  }),

  // To the customer: {valor_centis, taxa_centis, agente, numero}.
  cash_out_paid: template({
    params: withAmounts({
      valor_centis: centis,
      taxa_centis: centis,
      agente: name,
      numero: agentNumber,
      cotacao_bp: rate,
    }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ou retire ${v.valor} kach lakay ${v.agente} (ajan ${v.numero}). Frè: ${v.taxa}.`,
          ...rateLine('ht', v.cotacao_bp),
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você sacou ${v.valor} em dinheiro com ${v.agente} (agente ${v.numero}). Tarifa: ${v.taxa}.`,
          ...rateLine('pt-BR', v.cotacao_bp),
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez retiré ${v.valor} en espèces chez ${v.agente} (agent ${v.numero}). Frais : ${v.taxa}.`,
          ...rateLine('fr', v.cotacao_bp),
        ),
      en: (v) =>
        lines(
          `KreyolCash: you cashed out ${v.valor} at ${v.agente} (agent ${v.numero}). Fee: ${v.taxa}.`,
          ...rateLine('en', v.cotacao_bp),
        ),
    },
  }),

  // To the agent: {valor_centis, comissao_centis, cliente}.
  cash_out_handed: template({
    params: withAmounts({ valor_centis: centis, comissao_centis: centis, cliente: name, cotacao_bp: rate }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ou bay ${v.cliente} ${v.valor} kach. ${v.valor} ak komisyon ${v.comissao} antre nan kès ajan ou.`,
          ...rateLine('ht', v.cotacao_bp),
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você entregou ${v.valor} em dinheiro a ${v.cliente}. ${v.valor} e a comissão de ${v.comissao} entraram no seu caixa de agente.`,
          ...rateLine('pt-BR', v.cotacao_bp),
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez remis ${v.valor} en espèces à ${v.cliente}. ${v.valor} et la commission de ${v.comissao} sont dans votre caisse d’agent.`,
          ...rateLine('fr', v.cotacao_bp),
        ),
      en: (v) =>
        lines(
          `KreyolCash: you handed ${v.valor} in cash to ${v.cliente}. ${v.valor} and a ${v.comissao} commission are in your agent float.`,
          ...rateLine('en', v.cotacao_bp),
        ),
    },
  }),
};

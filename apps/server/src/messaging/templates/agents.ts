import { z } from 'zod';
import { centis, code, codeMessage, count, lines, name, template, withAmounts } from './define.ts';

// An agent's cash-ins and a customer's cash-outs (docs/agents.md). The codes are queued by the
// agents' feature; the receipts by the ledger once the money has moved (ledger/sql/agents.sql).
const agentNumber = z.int().min(10_001).max(99_999);

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
    params: withAmounts({ valor_centis: centis, agente: name, numero: agentNumber }),
    texts: {
      ht: (v) =>
        lines(`KreyolCash: ou resevwa ${v.valor} nan kont ou, depo lakay ${v.agente} (ajan ${v.numero}).`),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você recebeu ${v.valor} na sua conta, depósito com ${v.agente} (agente ${v.numero}).`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez reçu ${v.valor} sur votre compte, dépôt chez ${v.agente} (agent ${v.numero}).`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: ${v.valor} arrived in your account, cashed in at ${v.agente} (agent ${v.numero}).`,
        ),
    },
  }),

  // To the agent: {valor_centis, cliente}.
  cash_in_given: template({
    params: withAmounts({ valor_centis: centis, cliente: name }),
    texts: {
      ht: (v) => lines(`KreyolCash: ou depoze ${v.valor} bay ${v.cliente}. Lajan an soti nan kès ajan ou.`),
      'pt-BR': (v) =>
        lines(`KreyolCash: você depositou ${v.valor} para ${v.cliente}, do seu caixa de agente.`),
      fr: (v) =>
        lines(`KreyolCash : vous avez déposé ${v.valor} à ${v.cliente}, depuis votre caisse d’agent.`),
      en: (v) => lines(`KreyolCash: you cashed in ${v.valor} for ${v.cliente}, from your agent float.`),
    },
  }),

  // To the customer: {valor_centis, taxa_centis, agente, numero}.
  cash_out_paid: template({
    params: withAmounts({ valor_centis: centis, taxa_centis: centis, agente: name, numero: agentNumber }),
    texts: {
      ht: (v) =>
        lines(`KreyolCash: ou retire ${v.valor} kach lakay ${v.agente} (ajan ${v.numero}). Frè: ${v.taxa}.`),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você sacou ${v.valor} em dinheiro com ${v.agente} (agente ${v.numero}). Tarifa: ${v.taxa}.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez retiré ${v.valor} en espèces chez ${v.agente} (agent ${v.numero}). Frais : ${v.taxa}.`,
        ),
      en: (v) =>
        lines(`KreyolCash: you cashed out ${v.valor} at ${v.agente} (agent ${v.numero}). Fee: ${v.taxa}.`),
    },
  }),

  // To the agent: {valor_centis, comissao_centis, cliente}.
  cash_out_handed: template({
    params: withAmounts({ valor_centis: centis, comissao_centis: centis, cliente: name }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ou bay ${v.cliente} ${v.valor} kach. ${v.valor} ak komisyon ${v.comissao} antre nan kès ajan ou.`,
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: você entregou ${v.valor} em dinheiro a ${v.cliente}. ${v.valor} e a comissão de ${v.comissao} entraram no seu caixa de agente.`,
        ),
      fr: (v) =>
        lines(
          `KreyolCash : vous avez remis ${v.valor} en espèces à ${v.cliente}. ${v.valor} et la commission de ${v.comissao} sont dans votre caisse d’agent.`,
        ),
      en: (v) =>
        lines(
          `KreyolCash: you handed ${v.valor} in cash to ${v.cliente}. ${v.valor} and a ${v.comissao} commission are in your agent float.`,
        ),
    },
  }),
};

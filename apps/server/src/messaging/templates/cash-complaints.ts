import type { Locale } from '@kreyolcash/domain';
import { z } from 'zod';
import { agentNumber } from './agents.ts';
import { centis, lines, name, template, withAmounts } from './define.ts';

// A customer's complaint about a cash-out (saque) or a cash-in (deposito) at an agent, and its
// decision, written by the ledger's dispute functions (ledger/sql/reports.sql) in place of the
// transfer report's messages: cash changed hands at a counter, so the messages name the agent
// and the cash movement, not a payment sent to a person. Support decides a refund from the
// agent's float or a rejection; an undecided complaint expires.

const MOVEMENT = z.enum(['saque', 'deposito']);
type Movement = z.output<typeof MOVEMENT>;
const DECISION = z.enum(['reembolsada', 'rejeitada', 'expirada']);

// "the cash-out of ₭ 20,00", as each language says it before the amount.
const MOVEMENT_OF: Record<Locale, Record<Movement, string>> = {
  ht: { saque: 'retrè', deposito: 'depo' },
  'pt-BR': { saque: 'o saque de', deposito: 'o depósito de' },
  fr: { saque: 'le retrait de', deposito: 'le dépôt de' },
  en: { saque: 'the cash-out of', deposito: 'the cash-in of' },
};

const HELP: Record<Locale, string> = {
  ht: 'Si w bezwen èd, kontakte sipò KreyolCash.',
  'pt-BR': 'Se precisar de ajuda, fale com o suporte da KreyolCash.',
  fr: 'Pour toute aide, contactez le support KreyolCash.',
  en: 'If you need help, contact KreyolCash support.',
};

// To the customer: {movimento, valor_centis, agente, numero}; then the decision.
const customerParams = { movimento: MOVEMENT, valor_centis: centis, agente: name, numero: agentNumber };
// To the agent: {movimento, valor_centis, cliente}; then the decision.
const agentParams = { movimento: MOVEMENT, valor_centis: centis, cliente: name };
const decision = { decisao: DECISION, reembolso_centis: centis.optional() };

export const cashComplaintTemplates = {
  // {movimento, valor_centis, agente, numero}.
  cash_complaint_opened_customer: template({
    params: withAmounts(customerParams),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: nou resevwa plent ou sou ${MOVEMENT_OF.ht[v.movimento]} ${v.valor} lakay ${v.agente} (ajan ${v.numero}). Ekip sipò a ap egzamine l.`,
          'N ap ekri w lè yo deside.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: recebemos a sua reclamação sobre ${MOVEMENT_OF['pt-BR'][v.movimento]} ${v.valor} com ${v.agente} (agente ${v.numero}). O suporte vai analisá-la.`,
          'Avisaremos você da decisão.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : nous avons reçu votre réclamation sur ${MOVEMENT_OF.fr[v.movimento]} ${v.valor} chez ${v.agente} (agent ${v.numero}). Le support va l’examiner.`,
          'Nous vous écrirons dès la décision.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: we received your complaint about ${MOVEMENT_OF.en[v.movimento]} ${v.valor} at ${v.agente} (agent ${v.numero}). Support will review it.`,
          'We will write to you when it is decided.',
        ),
    },
  }),

  // {movimento, valor_centis, cliente, retido (the amount is held on the agent's float)}. It
  // accuses no one: support checks.
  cash_complaint_opened_agent: template({
    params: withAmounts({ ...agentParams, retido: z.boolean() }),
    texts: {
      ht: (v) =>
        lines(
          `KreyolCash: ekip sipò a ap egzamine yon plent ${v.cliente} fè sou ${MOVEMENT_OF.ht[v.movimento]} ${v.valor} ou te fè pou li.`,
          ...(v.retido ? [`Pandan verifikasyon an, ${v.valor} rete kenbe nan kès ajan ou.`] : []),
          'N ap ekri w lè yo deside.',
        ),
      'pt-BR': (v) =>
        lines(
          `KreyolCash: o suporte está analisando uma reclamação de ${v.cliente} sobre ${MOVEMENT_OF['pt-BR'][v.movimento]} ${v.valor} que você fez para essa pessoa.`,
          ...(v.retido ? [`Durante a análise, ${v.valor} ficam retidos no seu caixa de agente.`] : []),
          'Avisaremos você da decisão.',
        ),
      fr: (v) =>
        lines(
          `KreyolCash : le support examine une réclamation de ${v.cliente} sur ${MOVEMENT_OF.fr[v.movimento]} ${v.valor} que vous lui avez fait.`,
          ...(v.retido ? [`Pendant l’examen, ${v.valor} restent bloqués dans votre caisse d’agent.`] : []),
          'Nous vous écrirons dès la décision.',
        ),
      en: (v) =>
        lines(
          `KreyolCash: support is reviewing a complaint from ${v.cliente} about ${MOVEMENT_OF.en[v.movimento]} ${v.valor} you made for them.`,
          ...(v.retido ? [`While it is reviewed, ${v.valor} stays held in your agent float.`] : []),
          'We will write to you when it is decided.',
        ),
    },
  }),

  // {movimento, valor_centis, agente, numero, decisao, reembolso_centis (a refund)}. The
  // operator's reason stays in the back office.
  cash_complaint_decided_customer: template({
    params: withAmounts({ ...customerParams, ...decision }),
    texts: {
      ht: (v) => {
        const about = `plent ou sou ${MOVEMENT_OF.ht[v.movimento]} ${v.valor} lakay ${v.agente} (ajan ${v.numero})`;
        return lines(
          ...{
            reembolsada: [
              `KreyolCash: sipò a deside sou ${about}: yo ranbouse w ${v.reembolso ?? v.valor}. Lajan sa a retounen sou kont ou.`,
            ],
            rejeitada: [`KreyolCash: sipò a rejte ${about}. Pa gen ranbousman.`, HELP.ht],
            expirada: [`KreyolCash: ${about} fèmen san desizyon nan delè a. Pa gen ranbousman.`, HELP.ht],
          }[v.decisao],
        );
      },
      'pt-BR': (v) => {
        const about = `a sua reclamação sobre ${MOVEMENT_OF['pt-BR'][v.movimento]} ${v.valor} com ${v.agente} (agente ${v.numero})`;
        return lines(
          ...{
            reembolsada: [
              `KreyolCash: o suporte decidiu ${about}: você foi reembolsado em ${v.reembolso ?? v.valor}. Esse valor voltou para a sua conta.`,
            ],
            rejeitada: [`KreyolCash: o suporte rejeitou ${about}. Não há reembolso.`, HELP['pt-BR']],
            expirada: [
              `KreyolCash: ${about} foi encerrada sem decisão no prazo. Não há reembolso.`,
              HELP['pt-BR'],
            ],
          }[v.decisao],
        );
      },
      fr: (v) => {
        const about = `votre réclamation sur ${MOVEMENT_OF.fr[v.movimento]} ${v.valor} chez ${v.agente} (agent ${v.numero})`;
        return lines(
          ...{
            reembolsada: [
              `KreyolCash : le support a tranché ${about} : vous êtes remboursé de ${v.reembolso ?? v.valor}. Ce montant est revenu sur votre compte.`,
            ],
            rejeitada: [`KreyolCash : le support a rejeté ${about}. Aucun remboursement.`, HELP.fr],
            expirada: [
              `KreyolCash : ${about} a été close sans décision dans le délai. Aucun remboursement.`,
              HELP.fr,
            ],
          }[v.decisao],
        );
      },
      en: (v) => {
        const about = `your complaint about ${MOVEMENT_OF.en[v.movimento]} ${v.valor} at ${v.agente} (agent ${v.numero})`;
        return lines(
          ...{
            reembolsada: [
              `KreyolCash: support decided ${about}: you were refunded ${v.reembolso ?? v.valor}. It is back in your account.`,
            ],
            rejeitada: [`KreyolCash: support rejected ${about}. There is no refund.`, HELP.en],
            expirada: [
              `KreyolCash: ${about} closed without a decision in time. There is no refund.`,
              HELP.en,
            ],
          }[v.decisao],
        );
      },
    },
  }),

  // {movimento, valor_centis, cliente, decisao, reembolso_centis (a refund, paid from the float)}.
  cash_complaint_decided_agent: template({
    params: withAmounts({ ...agentParams, ...decision }),
    texts: {
      ht: (v) => {
        const about = `plent ${v.cliente} sou ${MOVEMENT_OF.ht[v.movimento]} ${v.valor} ou te fè pou li`;
        return lines(
          {
            reembolsada: `KreyolCash: sipò a deside sou ${about}: li resevwa yon ranbousman ${v.reembolso ?? v.valor} ki soti nan kès ajan ou.`,
            rejeitada: `KreyolCash: sipò a rejte ${about}. Anyen pa soti nan kès ajan ou.`,
            expirada: `KreyolCash: ${about} fèmen san desizyon. Anyen pa soti nan kès ajan ou.`,
          }[v.decisao],
        );
      },
      'pt-BR': (v) => {
        const about = `a reclamação de ${v.cliente} sobre ${MOVEMENT_OF['pt-BR'][v.movimento]} ${v.valor} que você fez para essa pessoa`;
        return lines(
          {
            reembolsada: `KreyolCash: o suporte decidiu ${about}: ${v.reembolso ?? v.valor} foram reembolsados a essa pessoa do seu caixa de agente.`,
            rejeitada: `KreyolCash: o suporte rejeitou ${about}. Nada saiu do seu caixa de agente.`,
            expirada: `KreyolCash: ${about} foi encerrada sem decisão. Nada saiu do seu caixa de agente.`,
          }[v.decisao],
        );
      },
      fr: (v) => {
        const about = `la réclamation de ${v.cliente} sur ${MOVEMENT_OF.fr[v.movimento]} ${v.valor} que vous lui avez fait`;
        return lines(
          {
            reembolsada: `KreyolCash : le support a tranché ${about} : ${v.reembolso ?? v.valor} lui ont été remboursés depuis votre caisse d’agent.`,
            rejeitada: `KreyolCash : le support a rejeté ${about}. Rien n’est sorti de votre caisse d’agent.`,
            expirada: `KreyolCash : ${about} a été close sans décision. Rien n’est sorti de votre caisse d’agent.`,
          }[v.decisao],
        );
      },
      en: (v) => {
        const about = `the complaint from ${v.cliente} about ${MOVEMENT_OF.en[v.movimento]} ${v.valor} you made for them`;
        return lines(
          {
            reembolsada: `KreyolCash: support decided ${about}: ${v.reembolso ?? v.valor} was refunded to them from your agent float.`,
            rejeitada: `KreyolCash: support rejected ${about}. Nothing was taken from your agent float.`,
            expirada: `KreyolCash: ${about} closed without a decision. Nothing was taken from your agent float.`,
          }[v.decisao],
        );
      },
    },
  }),
};

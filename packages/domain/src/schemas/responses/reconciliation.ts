import { z } from 'zod';
import { named } from '../contract.ts';

// The daily reconciliation of agents (a Haiti calendar day), named for components.schemas. Every
// figure is read from the ledger's lines, so an agent's day adds up:
// saldo_inicio + entradas − saidas = saldo_fim.

/**
 * One agent's day: cash-ins (float → customers), cash-outs (customers → float, the amount), the
 * commissions those cash-outs credited, float issued and redeemed, anything else that moved the
 * float (a reversal, an adjustment), and the float's balance at the start and at the end.
 */
export const agentDaySchema = named(
  'AgentDay',
  z.object({
    dia: z.string(),
    agente_id: z.uuid(),
    agente_numero: z.int(),
    nome_comercial: z.string(),
    depositos: z.int(),
    depositos_centis: z.int(),
    saques: z.int(),
    saques_centis: z.int(),
    comissoes_centis: z.int(),
    emitido_centis: z.int(),
    resgatado_centis: z.int(),
    /** What else moved the float that day, credits less debits (reversals, adjustments). */
    outros_centis: z.int(),
    saldo_inicio_centis: z.int(),
    saldo_fim_centis: z.int(),
    /** saques + comissoes + emitido (+ outros when positive). */
    entradas_centis: z.int(),
    /** depositos + resgatado (− outros when negative). */
    saidas_centis: z.int(),
  }),
  "An agent's day (Haiti's calendar): its cash-ins, cash-outs, commissions, float issued and redeemed, and the float's balance at the start and the end",
);
export type AgentDay = z.output<typeof agentDaySchema>;

/**
 * The operator's totals of a day: the money in circulation (people's and floats' balances) at the
 * day's start and end, and everything that changed it, so
 * saldo_inicio_pessoas + saldo_inicio_floats + emitido − resgatado + bonus + ajustes − taxas =
 * saldo_pessoas + saldo_floats. The end is the day's end for a past day, and now for today
 * (saldos_em says which).
 */
export const operatorDaySchema = named(
  'OperatorDay',
  z.object({
    emitido_centis: z.int(),
    resgatado_centis: z.int(),
    /** Sign-up bonuses and bonuses issued that day (cadastro + bonus). */
    bonus_centis: z.int(),
    /** Operators' adjustments posted that day, net: credits to people less debits (may be negative). */
    ajustes_centis: z.int(),
    /** The fees the day's payments sent from people and floats to the fee account (net). */
    taxas_centis: z.int(),
    saldos_em: z.enum(['fim_do_dia', 'agora']),
    saldo_inicio_pessoas_centis: z.int(),
    saldo_inicio_floats_centis: z.int(),
    saldo_pessoas_centis: z.int(),
    saldo_floats_centis: z.int(),
  }),
  "The operator's totals of a day: people's and floats' balances at its start and end, and what changed them: float issued and redeemed, bonuses, net adjustments and fees",
);
export type OperatorDay = z.output<typeof operatorDaySchema>;

export const adminReconciliationSchema = named(
  'AdminReconciliation',
  z.object({ dia: z.string(), agentes: z.array(agentDaySchema), operador: operatorDaySchema }),
  "A day's reconciliation: every agent's row (by number) and the operator's totals",
);
export type AdminReconciliation = z.output<typeof adminReconciliationSchema>;

import { todayIsoDate } from '@kreyolcash/domain';
import { expect } from 'vitest';
import { codeForMovement, type SeededUser, seedUser } from './ledger-fixtures.ts';
import type { operatorSession } from './operators.ts';
import type { TestApp } from './test-app.ts';

// Money moved through agents and the back office as they move it, over HTTP: an agent opened by
// support, float issued and redeemed by finance under four eyes, cash-ins and cash-outs through the
// agents' routes, and operators' adjustments.

type Session = Awaited<ReturnType<typeof operatorSession>>;
export type TestAgent = { id: string; numero: number; user: SeededUser; float: string };

const allDay = [{ abre: '00:00', fecha: '24:00' }];
const always = { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay };
const bearer = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
let sequence = 0;

/** support opens agents; finance proposes float operations and adjustments, approver approves them. */
export function agentMoney(t: TestApp, as: { support: Session; finance: Session; approver: Session }) {
  const post = (url: string, user: { accessToken: string }, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(user), ...(payload ? { payload } : {}) });
  const adminPost = (url: string, by: Session, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { cookie: by.cookie }, payload });

  async function makeAgent(): Promise<TestAgent> {
    const user = await seedUser(t, { documentApproved: true });
    const res = await adminPost('/agents', as.support, {
      user_id: user.id,
      nome_comercial: `Boutik Kont ${user.id.slice(0, 4)}`,
      comuna: 'hinche',
      endereco: 'Ri Lamè',
      horario: always,
    });
    expect(res.statusCode, res.body).toBe(201);
    const agente = res.json().agente as { id: string; numero: number; conta_id: string };
    return { id: agente.id, numero: agente.numero, user, float: agente.conta_id };
  }

  async function floatOperation(agent: TestAgent, kind: 'issuances' | 'redemptions', amount: number) {
    sequence += 1;
    const proposed = await adminPost(`/floats/${kind}`, as.finance, {
      agente: String(agent.numero),
      quantidade_centis: amount,
      referencia: `BNC-REC-${Date.now() % 1_000_000}-${sequence}`,
      ...(kind === 'issuances' ? { data_deposito: todayIsoDate() } : {}),
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approved = await adminPost(`/floats/${proposed.json().operacao.id}/approve`, as.approver);
    expect(approved.statusCode, approved.body).toBe(200);
  }

  /** The agent hands ₭ from the float to a new customer (who has the sign-up bonus). */
  async function cashIn(agent: TestAgent, amount: number) {
    const customer = await seedUser(t);
    const telefone = `${customer.telefone.slice(4, 8)}-${customer.telefone.slice(8)}`;
    const started = await post('/api/me/agent/cash-ins', agent.user, { telefone, quantidade_centis: amount });
    expect(started.statusCode, started.body).toBe(201);
    const id: string = started.json().movimentacao_id;
    const done = await post(`/api/me/agent/cash-ins/${id}/confirm`, agent.user, {
      codigo: await codeForMovement(t, id),
    });
    expect(done.statusCode, done.body).toBe(200);
  }

  /** A new customer (seeded with ₭1 000) cashes out at the agent, paying the fee the table says. */
  async function cashOut(agent: TestAgent, amount: number, fee: number) {
    const customer = await seedUser(t, { bonusCentis: 100_000, documentApproved: true });
    const started = await post('/api/cash-outs', customer, {
      agente_numero: agent.numero,
      quantidade_centis: amount,
    });
    expect(started.statusCode, started.body).toBe(201);
    const requestId: string = started.json().pedido_id;
    const held = await post(`/api/cash-outs/${requestId}/confirm`, customer, {
      agente_numero: agent.numero,
      quantidade_centis: amount,
      tarifa_centis: fee,
      codigo: await codeForMovement(t, requestId),
    });
    expect(held.statusCode, held.body).toBe(201);
    const handed = await post(`/api/me/agent/cash-outs/${held.json().movimentacao_id}/hand-over`, agent.user);
    expect(handed.statusCode, handed.body).toBe(200);
  }

  async function adjust(user: SeededUser, amount: number) {
    sequence += 1;
    const proposed = await adminPost('/adjustments', as.finance, {
      user_id: user.id,
      quantidade_centis: amount,
      motivo: 'Rekonsilyasyon',
      referencia: `REC-${sequence}`,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approved = await adminPost(`/adjustments/${proposed.json().ajuste.id}/approve`, as.approver);
    expect(approved.statusCode, approved.body).toBe(200);
  }

  return { makeAgent, floatOperation, cashIn, cashOut, adjust };
}

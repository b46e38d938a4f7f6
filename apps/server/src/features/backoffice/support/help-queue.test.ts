import type { OperatorRole } from '@kreyolcash/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeededUser, seedUser } from '../../../test-support/ledger-fixtures.ts';
import { operatorSession } from '../../../test-support/operators.ts';
import { MESSAGE_CONTENT, textOf } from '../../../test-support/outbox-messages.ts';
import { walkPages } from '../../../test-support/pages.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import { testDatabaseKind } from '../../../test-support/test-database.ts';

// Support's queue: the help requests people send from the app, answered (the answer reaches the
// person on WhatsApp, in their language, and in the app) and closed; every step audited.

describe(`the help-request queue on ${testDatabaseKind}`, () => {
  let t: TestApp;
  const cookies = {} as Record<OperatorRole, string>;
  const names = {} as Record<OperatorRole, string>;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['support', 'compliance', 'finance', 'admin'] as const) {
      const session = await operatorSession(t, role);
      cookies[role] = session.cookie;
      names[role] = session.operator.name;
    }
  });
  afterAll(async () => t.close());

  const auth = (u: { accessToken: string }) => ({ authorization: `Bearer ${u.accessToken}` });
  const ask = async (u: SeededUser, texto: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/requests',
      headers: auth(u),
      payload: { assunto: 'conta_congelada', texto },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  };
  const asOperator = (role: OperatorRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/admin${url}`, headers: { cookie: cookies[role] }, payload });
  const answersTo = (telefone: string) =>
    t.database.db
      .selectFrom('outbox_messages')
      .select([...MESSAGE_CONTENT, 'referencia'])
      .where('recipient', '=', telefone)
      .where('purpose', '=', 'support_answer')
      .orderBy('id')
      .execute();

  it('lists waiting requests oldest first, with who sent them, for support and admin only', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    await t.app.inject({ method: 'POST', url: '/api/me/freeze', headers: auth(a) });
    const first = await ask(a, 'Mwen bloke kont mwen pa erè');
    const second = await ask(b, 'Kijan pou m chanje non m?');
    for (const role of ['compliance', 'finance'] as const) {
      expect((await asOperator(role, 'GET', '/support/requests')).statusCode).toBe(403);
    }
    for (const role of ['support', 'admin'] as const) {
      const res = await asOperator(role, 'GET', '/support/requests');
      expect(res.statusCode).toBe(200);
      const ids = res.json().pedidos.map((p: { id: string }) => p.id);
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
      expect(res.json().pedidos.find((p: { id: string }) => p.id === first)).toMatchObject({
        assunto: 'conta_congelada',
        texto: 'Mwen bloke kont mwen pa erè',
        status: 'aberto',
        usuario_id: a.id,
        nome_completo: a.nome,
        congelado: true,
      });
    }
  });

  it('sends the answer to the person in their language, shows it in the app, and audits every step', async () => {
    const a = await seedUser(t);
    await t.database.db.updateTable('usuarios').set({ idioma: 'fr' }).where('id', '=', a.id).execute();
    const id = await ask(a, 'Aidez-moi');

    const blank = await asOperator('support', 'POST', `/support/requests/${id}/answer`, { resposta: '  ' });
    expect([blank.statusCode, blank.json().error.code]).toEqual([422, 'answer_required']);
    expect(await answersTo(a.telefone)).toEqual([]);

    const answered = await asOperator('support', 'POST', `/support/requests/${id}/answer`, {
      resposta: 'Nous vous appelons demain matin pour vérifier votre identité.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().pedido).toMatchObject({
      status: 'respondido',
      resposta: 'Nous vous appelons demain matin pour vérifier votre identité.',
      respondido_por_nome: names.support,
      usuario: { id: a.id, idioma: 'fr' },
    });

    const [message, ...more] = await answersTo(a.telefone);
    expect(more).toEqual([]);
    expect(message?.idioma).toBe('fr');
    expect(message?.referencia).toBe(id);
    expect(message && textOf(message)).toContain('l’assistance a répondu à votre demande d’aide');
    expect(message && textOf(message)).toContain(
      'Nous vous appelons demain matin pour vérifier votre identité.',
    );

    const mine = (await t.app.inject({ url: '/api/support/requests', headers: auth(a) })).json().pedidos;
    expect(mine).toEqual([
      expect.objectContaining({
        id,
        status: 'respondido',
        resposta: 'Nous vous appelons demain matin pour vérifier votre identité.',
      }),
    ]);

    const closed = await asOperator('admin', 'POST', `/support/requests/${id}/close`, { motivo: 'Rezoud' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().pedido).toMatchObject({ status: 'fechado', fechado_por_nome: names.admin });
    const late = await asOperator('support', 'POST', `/support/requests/${id}/answer`, { resposta: 'Ankò' });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'help_request_closed']);
    const again = await asOperator('support', 'POST', `/support/requests/${id}/close`, {});
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'help_request_closed']);

    const audit = await t.database.db
      .selectFrom('auditoria')
      .select(['papel', 'acao', 'alvo_id', 'antes', 'depois', 'motivo'])
      .where('usuario_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ papel: null, acao: 'help_request.open', alvo_id: id }),
      expect.objectContaining({
        papel: 'support',
        acao: 'help_request.answer',
        alvo_id: id,
        antes: { status: 'aberto', resposta: null },
        depois: {
          status: 'respondido',
          resposta: 'Nous vous appelons demain matin pour vérifier votre identité.',
        },
      }),
      expect.objectContaining({
        papel: 'admin',
        acao: 'help_request.close',
        antes: { status: 'respondido' },
        depois: { status: 'fechado' },
        motivo: 'Rezoud',
      }),
    ]);
  });

  it('shows one request with its movement, and names an unknown one', async () => {
    const a = await seedUser(t);
    const id = await ask(a, 'Kote lajan m?');
    const detail = await asOperator('support', 'GET', `/support/requests/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().pedido).toMatchObject({ id, movimentacao: null, usuario: { email: a.email } });
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await asOperator('support', 'GET', `/support/requests/${unknown}`);
      expect([res.statusCode, res.json().error.code]).toEqual([404, 'help_request_not_found']);
      const answer = await asOperator('support', 'POST', `/support/requests/${unknown}/answer`, {
        resposta: 'Wi',
      });
      expect([answer.statusCode, answer.json().error.code]).toEqual([404, 'help_request_not_found']);
    }
    const closedOnes = await asOperator('support', 'GET', '/support/requests?status=fechado');
    expect(closedOnes.statusCode).toBe(200);
    const badState = await asOperator('support', 'GET', '/support/requests?status=lot');
    expect(badState.statusCode).toBe(422);
  });

  it('pages each state in its order, each request once, with how many the state holds', async () => {
    const [a, b] = [await seedUser(t), await seedUser(t)];
    const mine = [
      await ask(a, 'Premye'),
      await ask(a, 'Dezyèm'),
      await ask(a, 'Twazyèm'),
      await ask(b, 'Katriyèm'),
      await ask(b, 'Senkyèm'),
    ];
    // After every other request; two pairs share an instant, which only their ids order.
    const seconds = ['01', '02', '02', '03', '03'];
    for (const [i, id] of mine.entries()) {
      const at = `2099-01-01T00:00:${seconds[i]}Z`;
      await sql`update pedidos_ajuda set criado_em = ${at}::timestamptz where id = ${id}`.execute(
        t.database.db,
      );
    }
    for (const id of [mine[0], mine[3], mine[4]]) {
      const closed = await asOperator('support', 'POST', `/support/requests/${id}/close`, {
        motivo: 'Rezoud',
      });
      expect(closed.statusCode).toBe(200);
    }
    /** Every page of a state, `limit` at a time; then mine among them. */
    const walk = async (status: string, limit: number) => {
      const read = async (query: string) => {
        const res = await asOperator('support', 'GET', `/support/requests?status=${status}&${query}`);
        expect(res.statusCode).toBe(200);
        const page = res.json() as {
          pedidos: Array<{ id: string }>;
          total: number;
          next_cursor: string | null;
        };
        return { items: page.pedidos, total: page.total, next_cursor: page.next_cursor };
      };
      return (await walkPages(read, limit)).filter((id) => mine.includes(id));
    };
    const waitingPair = [mine[1], mine[2]].sort();
    const closedPair = [mine[3], mine[4]].sort().reverse();
    // Waiting: oldest first, by id within an instant. Closed: newest first, by id within an instant.
    for (const limit of [1, 2]) {
      expect(await walk('aberto', limit)).toEqual(waitingPair);
      expect(await walk('fechado', limit)).toEqual([...closedPair, mine[0]]);
    }
  });
});

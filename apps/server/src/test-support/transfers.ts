import { randomUUID } from 'node:crypto';
import { codeForMovement } from './ledger-fixtures.ts';
import type { TestApp } from './test-app.ts';

// Money moved as the app moves it: the payer starts a transfer over HTTP (the hold) and, unless
// told to stop there, confirms it with the WhatsApp code sent for it (the post).

export async function startTransfer(
  t: TestApp,
  from: { accessToken: string },
  to: { email: string },
  centis: number,
): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: { authorization: `Bearer ${from.accessToken}`, 'idempotency-key': randomUUID() },
    payload: { destinatario_email: to.email, quantidade_centis: centis },
  });
  if (started.statusCode !== 201) throw new Error(`transfer refused: ${started.statusCode} ${started.body}`);
  return started.json().movimentacao_id as string;
}

export async function sendMoney(
  t: TestApp,
  from: { accessToken: string },
  to: { email: string },
  centis: number,
): Promise<string> {
  const id = await startTransfer(t, from, to, centis);
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/transfers/${id}/verify`,
    headers: { authorization: `Bearer ${from.accessToken}` },
    payload: { codigo: await codeForMovement(t, id) },
  });
  if (verified.statusCode !== 200)
    throw new Error(`transfer not posted: ${verified.statusCode} ${verified.body}`);
  return id;
}

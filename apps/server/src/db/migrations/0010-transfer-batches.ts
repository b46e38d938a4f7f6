import { type Kysely, sql } from 'kysely';

// Transfers in batches: under load the server sends the initiations (or verifications) that
// arrived together as one call — one round trip and one commit for many — each item running the
// very function it would run alone, with its own answer (a refusal is an answer, not an error).
//
// Lock order, as everywhere: movements (with their codes) before balances, balances in ascending
// user_id. Initiations take the payers in ascending id (one payer's requests keep their order);
// verifications lock all their movements, then all the balances involved, before the first item.
export async function up(db: Kysely<unknown>): Promise<void> {
  // concat_ws is stable, so an immutable kc_codigo_hash could not be inlined: each call parsed
  // and planned its body again.
  await sql`alter function kc_codigo_hash(text, text, text, uuid, uuid, uuid, bigint) stable`.execute(db);
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
}

const FUNCTIONS = [
  `create function kc_transferencias_iniciar(p_itens jsonb) returns jsonb language plpgsql as $$
   declare
     i record;
     v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p_itens)]);
   begin
     for i in select e, n from jsonb_array_elements(p_itens) with ordinality as t(e, n)
               order by (e->>'pagador')::uuid, n
     loop
       v_respostas[i.n] := kc_transferencia_iniciar(
         (i.e->>'pagador')::uuid, i.e->>'email', (i.e->>'quantidade')::bigint, i.e->>'observacoes',
         (i.e->>'max_centis')::bigint, i.e->>'codigo', i.e->>'pepper', (i.e->>'validade_ms')::integer,
         i.e->>'mensagem', i.e->>'chave', i.e->>'request_hash', (i.e->>'max_codigos')::integer,
         (i.e->>'janela_ms')::integer);
     end loop;
     return to_jsonb(v_respostas);
   end $$`,

  `create function kc_transferencias_verificar(p_itens jsonb) returns jsonb language plpgsql as $$
   declare
     i record;
     v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p_itens)]);
     v_ids uuid[] := array(select (e->>'mov')::uuid from jsonb_array_elements(p_itens) e);
   begin
     perform 1 from kreyolcash_movimentacoes m join kreyolcash_codigos_verificacao c on c.movimentacao_id = m.id
      where m.id = any(v_ids) and m.tipo = 'transferencia'
      order by m.id
        for update of m, c;
     perform 1 from kreyolcash_saldos
      where user_id in (select unnest(array[remetente_id, destinatario_id]) from kreyolcash_movimentacoes
                         where id = any(v_ids) and tipo = 'transferencia' and status = 'pendente')
      order by user_id
        for update;
     for i in select e, n from jsonb_array_elements(p_itens) with ordinality as t(e, n) loop
       v_respostas[i.n] := kc_transferencia_verificar(
         (i.e->>'mov')::uuid, (i.e->>'pagador')::uuid, i.e->>'codigo', i.e->>'pepper',
         (i.e->>'max_tentativas')::integer, i.e->>'msg_pagador', i.e->>'msg_recebedor');
     end loop;
     return to_jsonb(v_respostas);
   end $$`,
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists kc_transferencias_verificar`.execute(db);
  await sql`drop function if exists kc_transferencias_iniciar`.execute(db);
  await sql`alter function kc_codigo_hash(text, text, text, uuid, uuid, uuid, bigint) immutable`.execute(db);
}

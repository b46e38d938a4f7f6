-- Transfers in batches: the initiations (or verifications) that arrived together as one call, each
-- item running the very function it would run alone, with its own answer.

create or replace function kc_transferencias_iniciar(p_itens jsonb) returns jsonb language plpgsql as $$
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
end $$;

create or replace function kc_transferencias_verificar(p_itens jsonb) returns jsonb language plpgsql as $$
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
end $$;

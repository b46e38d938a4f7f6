-- Transfers between two people, on the two-phase engine (two-phase.sql). Each phase is one call:
--   kc_transferencia_iniciar   — Idempotency-Key, payee, limits, hold, code and the code message;
--   kc_transferencia_verificar — the code: posts, or counts a wrong attempt (voiding at the last);
--   kc_transferencia_reenviar_codigo, kc_transferencia_cancelar.
-- Messages are a template key and its parameters; the outbox worker writes the text, in the
-- recipient's language.

-- p: {pagador_id, destinatario, quantidade_centis, tarifa_centis, observacoes, limites, politica,
--     codigo, pepper, chave, request_hash, max_codigos, janela_ms}. destinatario: the payee as the
--     payer named them, {email} (lower case), {telefone} or {id} (kc_destinatario_id), read here
--     rather than by the caller beforehand: one round trip fewer, and a replayed key answers as
--     its first request even if the payee can no longer be paid. The payer is self_transfer; a
--     payee who cannot be paid (kc_pode_receber) or nobody is user_not_found. Without
--     politica, a transfer's own (kc_politica_codigo, expiring after validade_ms). tarifa_centis:
--     the fee the payer saw (null: none); another current fee is fee_changed, and nothing is held.
--     A fee is the movement's second leg, from the payer to the operator's fee account: held,
--     posted and released with the amount, counted with it in the balance and the day's and
--     month's sending (kc_reter); the per-transfer maximum stays on the amount.
create or replace function kc_transferencia_iniciar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_pagador uuid := (p->>'pagador_id')::uuid;
  v_anterior jsonb := kc_idem_abrir(v_pagador, p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(v_pagador, p->>'chave', kc_transferencia_reter(p));
end $$;

-- The id of the person a payer named by {email}, {telefone} or {id}; null when nobody has it. Only
-- the key given is read, from its own unique index. PL/pgSQL, whose plans last the connection: a
-- SQL function with a subquery is not written into its caller's query, and was planned again on
-- every hold (~120 µs, more than the rest of the payee's reads).
create or replace function kc_destinatario_id(p jsonb) returns uuid language plpgsql stable as $$
begin
  if p ? 'id' then return (p->>'id')::uuid; end if;
  if p ? 'email' then return (select u.id from usuarios u where u.email = p->>'email'); end if;
  if p ? 'telefone' then return (select u.id from usuarios u where u.telefone = p->>'telefone'); end if;
  return null;
end $$;

create or replace function kc_transferencia_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_pagador uuid := (p->>'pagador_id')::uuid;
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  v_politica jsonb := coalesce(p->'politica', kc_politica_codigo(p->'validade_ms'));
  v_codigo boolean := v_politica->>'confirmador_id' is null;
  v_recebedor uuid := kc_destinatario_id(p->'destinatario');
  v record;
  v_retencao jsonb;
  v_tarifa bigint;
begin
  if v_quantidade is null or v_quantidade <= 0 then return kc_erro('invalid_amount'); end if;
  -- The payer and the payee in one read; a person's own account has the person's id
  -- (accounts.sql), so the payee's id is the account paid. No payee: its columns are null.
  select pg.telefone_verificado_em, kc_nivel(pg.telefone_verificado_em, pg.documento_aprovado_em) as nivel,
         pg.congelado_em, pg.telefone as telefone_pagador, pg.idioma as idioma_pagador,
         r.id, r.id as conta, r.nome_completo, kc_pode_receber(r) as pode_receber
    into v
    from usuarios pg left join usuarios r on r.id = v_recebedor
   where pg.id = v_pagador;
  -- The per-transfer limit of the payer's level, when the transfer counts in the payer's limits
  -- (limits.sql); the day's and month's come with the hold.
  if (v_politica->>'nos_limites')::boolean then
    v_retencao := kc_limite_por_transferencia(p->'limites', coalesce(v.nivel, 0), v_quantidade);
    if v_retencao is not null then return v_retencao; end if;
  end if;
  -- Only a payer whose phone is proven sends (a code goes to that phone).
  if v.telefone_verificado_em is null then return kc_erro('phone_not_verified'); end if;
  if v.congelado_em is not null then return kc_erro('account_frozen'); end if;
  if v.id is null then return kc_erro('user_not_found'); end if;
  if v.id = v_pagador then return kc_erro('self_transfer'); end if;
  if not v.pode_receber then return kc_erro('user_not_found'); end if;
  v_retencao := kc_tarifa('transferencia', v_quantidade);
  if v_retencao ? 'error' then return v_retencao; end if;
  v_tarifa := (v_retencao->>'tarifa_centis')::bigint;
  if v_tarifa is distinct from coalesce((p->>'tarifa_centis')::bigint, 0) then
    return kc_erro('fee_changed', jsonb_build_object('tarifa_centis', v_tarifa));
  end if;
  if v_quantidade + v_tarifa > kc_teto_centis() then return kc_erro('amount_too_large'); end if;
  v_retencao := kc_reter(jsonb_build_object(
    'tipo', 'transferencia', 'remetente_id', v_pagador, 'destinatario_id', v.id,
    'conta_debito', v_pagador, 'conta_credito', v.conta, 'quantidade_centis', v_quantidade,
    'observacoes', p->>'observacoes', 'politica', v_politica, 'limites', p->'limites',
    'codigo', case when v_codigo then
      jsonb_build_object('finalidade', 'transfer', 'codigo', p->>'codigo', 'pepper', p->>'pepper',
                         'telefone', v.telefone_pagador, 'max_codigos', p->'max_codigos',
                         'janela_ms', p->'janela_ms') end)
    || case when v_tarifa > 0 then jsonb_build_object('pernas', jsonb_build_array(
         jsonb_build_object('conta_debito', v_pagador, 'conta_credito', v.conta, 'quantidade_centis', v_quantidade),
         jsonb_build_object('conta_debito', v_pagador, 'conta_credito', kc_conta_taxas(),
                            'quantidade_centis', v_tarifa))) else '{}' end);
  if not (v_retencao->>'ok')::boolean then return v_retencao; end if;
  if v_codigo then
    insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
    values ('whatsapp', v.telefone_pagador, 'transfer_code',
            jsonb_strip_nulls(jsonb_build_object(
              'codigo', p->>'codigo', 'valor_centis', v_quantidade, 'tarifa_centis', nullif(v_tarifa, 0),
              'recebedor', v.nome_completo, 'validade_min', (v_politica->>'validade_ms')::bigint / 60000)),
            v.idioma_pagador, 'transfer_code', v_retencao->>'movimentacao_id');
  end if;
  return v_retencao || jsonb_build_object('status', 'pendente', 'tarifa_centis', v_tarifa);
end $$;

-- The fee a held transfer carries besides its amount: what its hold holds beyond it (its leg 2).
create or replace function kc_tarifa_retida(p_mov uuid, p_quantidade bigint) returns bigint
    language sql stable as $$
  select coalesce((select quantidade_centis from kreyolcash_retencoes where movimentacao_id = p_mov), p_quantidade)
         - p_quantidade
$$;

-- p: {movimentacao_id, pagador_id, codigo, pepper, max_tentativas, limites}
create or replace function kc_transferencia_verificar(p jsonb) returns jsonb language plpgsql as $$
declare
  m kreyolcash_movimentacoes;
  v_recusa jsonb;
begin
  select * into m from kreyolcash_movimentacoes
   where id = (p->>'movimentacao_id')::uuid and tipo = 'transferencia'
     for no key update;
  if not found or m.remetente_id <> (p->>'pagador_id')::uuid then return kc_erro('transaction_not_found'); end if;
  if m.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', m.status)); end if;
  v_recusa := kc_codigo_conferir(m.id, 'transfer', kc_vinculo_dinheiro(m.remetente_id, m.destinatario_id, m.quantidade_centis),
                                 p->>'codigo', p->>'pepper', (p->>'max_tentativas')::integer);
  if v_recusa is not null then
    if v_recusa->>'error' = 'code_expired' then perform kc_vencer(m.id, p->'limites');
    elsif v_recusa->>'error' = 'code_attempts_exceeded' then perform kc_anular(m.id, 'cancelada');
    end if;
    return v_recusa;
  end if;
  v_recusa := kc_concluir(m, p->'limites', 'cancelada');
  if v_recusa is not null then return v_recusa; end if;
  return jsonb_build_object('ok', true, 'movimentacao_id', m.id, 'recebedor_id', m.destinatario_id);
end $$;

-- A posted transfer (m: its row): the payer and the payee are told, each in their language.
create or replace function kc_transferencia_avisar(m kreyolcash_movimentacoes) returns void language plpgsql as $$
begin
  perform kc_transferencias_avisar(array[m.id]);
end $$;

-- Posted transfers (p_movs, in order): each one's payer and payee told, in one insert. A hold
-- between accounts may pay a system account: no person to tell there. PL/pgSQL, whose insert's
-- plan lasts the connection.
create or replace function kc_transferencias_avisar(p_movs uuid[]) returns void language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  select 'whatsapp', a.telefone, a.template, a.params, a.idioma, 'transfer_done', m.id::text
    from kreyolcash_movimentacoes m
    join usuarios pg on pg.id = m.remetente_id
    join usuarios r on r.id = m.destinatario_id
    cross join lateral (values
      (1, pg.telefone, 'transfer_sent',
       jsonb_build_object('valor_centis', m.quantidade_centis, 'recebedor', r.nome_completo), pg.idioma),
      (2, r.telefone, 'transfer_received',
       jsonb_build_object('valor_centis', m.quantidade_centis, 'pagador', pg.nome_completo), r.idioma)
    ) as a(n, telefone, template, params, idioma)
   where m.id = any(p_movs)
   order by array_position(p_movs, m.id), a.n;
end $$;

-- A new code for a pending transfer; the attempts already used and the expiry stay as they were.
-- p: {movimentacao_id, pagador_id, codigo, pepper, max_tentativas, max_por_telefone, janela_ms}
create or replace function kc_transferencia_reenviar_codigo(p jsonb) returns jsonb language plpgsql as $$
declare
  v record;
  v_recusa jsonb;
begin
  select m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis, m.status, c.tentativas, c.expira_em,
         pg.telefone, pg.idioma, r.nome_completo as recebedor
    into v
    from kreyolcash_movimentacoes m
    -- A spent code is deleted: a posted transfer has none, and its status answers below.
    left join codigos_verificacao c on c.sujeito_id = m.id and c.finalidade = 'transfer'
    join usuarios pg on pg.id = m.remetente_id
    join usuarios r on r.id = m.destinatario_id
   where m.id = (p->>'movimentacao_id')::uuid and m.tipo = 'transferencia'
     for no key update of m;
  if not found or v.remetente_id <> (p->>'pagador_id')::uuid then return kc_erro('transaction_not_found'); end if;
  if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  v_recusa := kc_codigo_substituir(p || jsonb_build_object('sujeito_id', v.id, 'finalidade', 'transfer',
    'vinculo', kc_vinculo_dinheiro(v.remetente_id, v.destinatario_id, v.quantidade_centis)));
  if v_recusa is not null then return v_recusa; end if;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  values ('whatsapp', v.telefone, 'transfer_code',
          jsonb_strip_nulls(jsonb_build_object(
            'codigo', p->>'codigo', 'valor_centis', v.quantidade_centis,
            'tarifa_centis', nullif(kc_tarifa_retida(v.id, v.quantidade_centis), 0), 'recebedor', v.recebedor,
            'validade_min', ceil(extract(epoch from v.expira_em - now()) / 60)::integer)),
          v.idioma, 'transfer_code', v.id::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', v.id,
                            'tentativas_restantes', (p->>'max_tentativas')::integer - v.tentativas);
end $$;

-- p: {movimentacao_id, pagador_id}
create or replace function kc_transferencia_cancelar(p jsonb) returns jsonb language plpgsql as $$
declare v record;
begin
  select id, remetente_id, status into v
    from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid and tipo = 'transferencia' for no key update;
  if not found or v.remetente_id <> (p->>'pagador_id')::uuid then return kc_erro('transaction_not_found'); end if;
  if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  perform kc_anular(v.id, 'cancelada');
  return jsonb_build_object('ok', true, 'movimentacao_id', v.id);
end $$;

-- Batches: the initiations (or verifications) that arrived together, as one call, each item
-- getting its own answer. p: {itens: [...]}
-- Initiations run the function each would run alone, in ascending payer order (one payer's
-- requests keep their order).
create or replace function kc_transferencias_iniciar(p jsonb) returns jsonb language plpgsql as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
begin
  for i in select e, n from jsonb_array_elements(p->'itens') with ordinality as t(e, n)
            order by (e->>'pagador_id')::uuid, n
  loop
    v_respostas[i.n] := kc_transferencia_iniciar(i.e);
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- Verifications lock all their movements, then every account of their legs, before anything else
-- (the lock order). The items whose code is right are posted together, as sets (kc_postar_lote);
-- the rest run kc_transferencia_verificar one by one after them: a wrong, spent or late code, a
-- movement named twice (its first right code posts it), a posting the set path leaves to it. The
-- answers are the ones those items would get run alone in some order, which is all concurrent
-- requests are owed.
create or replace function kc_transferencias_verificar(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_ids uuid[] := array(select (e->>'movimentacao_id')::uuid from jsonb_array_elements(p->'itens') e);
  v_contas uuid[];
  v_certos uuid[];
  v_itens_certos bigint[];
  v_recebedores uuid[];
  v_postados uuid[];
  v_k integer;
begin
  -- Every movement named is locked first, whatever its status: a filter on the status in the
  -- locking query would run before the lock, and a movement it left out would be locked later, by
  -- the one-by-one path, after the accounts (out of the lock order, a deadlock with a batch that
  -- holds it). Read after the locks, the pending ones give the accounts of all their legs.
  perform 1 from kreyolcash_movimentacoes m
   where m.id = any(v_ids) and m.tipo = 'transferencia' order by m.id for no key update;
  select array_agg(c) into v_contas
    from kreyolcash_movimentacoes m
    left join kreyolcash_pernas pe on pe.movimentacao_id = m.id
    cross join unnest(array[m.conta_debito, m.conta_credito, pe.conta_debito, pe.conta_credito]) c
   where m.id = any(v_ids) and m.tipo = 'transferencia' and m.status = 'pendente' and c is not null;
  perform 1 from kreyolcash_contas where id = any(v_contas) order by id for no key update;
  -- Each movement's first item with its right code; the batch's limits are one configuration.
  select coalesce(array_agg(certo.mov order by certo.n), '{}'), coalesce(array_agg(certo.n order by certo.n), '{}'),
         coalesce(array_agg(certo.recebedor order by certo.n), '{}')
    into v_certos, v_itens_certos, v_recebedores
    from (select distinct on (m.id) m.id as mov, x.n, m.destinatario_id as recebedor
            from jsonb_array_elements(p->'itens') with ordinality as x(e, n)
            join kreyolcash_movimentacoes m on m.id = (x.e->>'movimentacao_id')::uuid
            join codigos_verificacao c on c.sujeito_id = m.id and c.finalidade = 'transfer'
           where m.id = any(v_ids) and m.tipo = 'transferencia' and m.status = 'pendente'
             and m.remetente_id = (x.e->>'pagador_id')::uuid
             and x.e->'limites' = p->'itens'->0->'limites'
             and kc_codigo_vale(c, kc_vinculo_dinheiro(m.remetente_id, m.destinatario_id, m.quantidade_centis),
                                x.e->>'codigo', x.e->>'pepper', (x.e->>'max_tentativas')::integer)
           order by m.id, x.n) certo;
  if cardinality(v_certos) > 0 then
    v_postados := kc_postar_lote(v_certos, p->'itens'->0->'limites');
    delete from codigos_verificacao where sujeito_id = any(v_postados) and finalidade = 'transfer';
    perform kc_transferencias_avisar(v_postados);
  end if;
  for i in select e, n, (e->>'movimentacao_id')::uuid as mov from jsonb_array_elements(p->'itens') with ordinality as t(e, n)
            order by n
  loop
    v_k := array_position(v_certos, i.mov);
    if v_k is not null and v_itens_certos[v_k] = i.n and i.mov = any(v_postados) then
      v_respostas[i.n] := jsonb_build_object('ok', true, 'movimentacao_id', i.mov, 'recebedor_id', v_recebedores[v_k]);
    else
      v_respostas[i.n] := kc_transferencia_verificar(i.e);
    end if;
  end loop;
  return to_jsonb(v_respostas);
end $$;

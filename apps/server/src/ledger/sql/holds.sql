-- Holds between any two ledger accounts, named by their ids, for operations that have no flow of
-- their own around the engine (two-phase.sql): an escrow, an agent's cash-out. The people of the
-- movement (for statements, limits and the freeze) are the accounts' owners; a system account has
-- none. The hold waits for its named party (kc_confirmar) or its expiry; its payer may void it.
-- A code goes with a flow that sends it in words of its own (transfers, purchases), so these holds
-- are party-confirmed.

-- p: {tipo, conta_debito, conta_credito, quantidade_centis, observacoes, politica, limites,
--     chave, request_hash, outras_pernas?: [{conta_credito, quantidade_centis}, …]}: what else the
--     payer pays with it from the same account (a fee, a commission), held with it and posted with
--     it as its legs 2, 3, … Answers {ok, movimentacao_id, expira_em, usuarios} or kc_reter's
--     refusals, invalid_amount, amount_too_large, self_transfer.
create or replace function kc_movimento_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  c record;
  v_anterior jsonb;
begin
  if p->'politica'->>'confirmador_id' is null then
    raise exception 'kc_movimento_reter: a code-confirmed hold belongs to a flow that sends its code'
      using errcode = '22023';
  end if;
  select d.user_id as pagador, r.user_id as recebedor into c
    from kreyolcash_contas d, kreyolcash_contas r
   where d.id = (p->>'conta_debito')::uuid and r.id = (p->>'conta_credito')::uuid;
  if not found then
    raise exception 'kc_movimento_reter: no account % or %', p->>'conta_debito', p->>'conta_credito'
      using errcode = '22023';
  end if;
  if p->>'chave' is not null and c.pagador is null then
    raise exception 'kc_movimento_reter: an Idempotency-Key belongs to a paying person' using errcode = '22023';
  end if;
  v_anterior := kc_idem_abrir(c.pagador, p->>'chave', p->>'request_hash');
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(c.pagador, p->>'chave', kc_movimento_reter_novo(p, c.pagador, c.recebedor, v_quantidade));
end $$;

-- The legs of a hold with more than one (leg 1 the movement's own, then outras_pernas, each paid
-- from the same account), or null without others; a refusal when an amount or an account is
-- wrong, or when the total passes the ceiling.
create or replace function kc_movimento_pernas_retidas(p jsonb, p_quantidade bigint) returns jsonb
    language plpgsql as $$
declare v_outras jsonb := p->'outras_pernas';
begin
  if v_outras is null or jsonb_array_length(v_outras) = 0 then return null; end if;
  if jsonb_array_length(v_outras) > 15 then
    raise exception 'kc_movimento_pernas_retidas: at most 16 legs, got %', v_outras using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(v_outras) x where kc_quantidade_valida(x->'quantidade_centis') is null) then
    return kc_erro('invalid_amount');
  end if;
  if exists (select 1 from jsonb_array_elements(v_outras) x where x->>'conta_credito' = p->>'conta_debito') then
    return kc_erro('self_transfer');
  end if;
  if p_quantidade + (select sum((x->>'quantidade_centis')::bigint) from jsonb_array_elements(v_outras) x)
     > kc_teto_centis() then
    return kc_erro('amount_too_large');
  end if;
  return jsonb_build_array(jsonb_build_object('conta_debito', p->>'conta_debito', 'conta_credito', p->>'conta_credito',
                                              'quantidade_centis', p_quantidade))
      || (select jsonb_agg(jsonb_build_object('conta_debito', p->>'conta_debito', 'conta_credito', x->>'conta_credito',
                                              'quantidade_centis', (x->>'quantidade_centis')::bigint) order by n)
            from jsonb_array_elements(v_outras) with ordinality as t(x, n));
end $$;

create or replace function kc_movimento_reter_novo(p jsonb, p_pagador uuid, p_recebedor uuid, p_quantidade bigint)
    returns jsonb language plpgsql as $$
declare
  v_retencao jsonb;
  v_pernas jsonb;
begin
  if p_quantidade is null or p_quantidade <= 0 then return kc_erro('invalid_amount'); end if;
  if p_quantidade > kc_teto_centis() then return kc_erro('amount_too_large'); end if;
  if p->>'conta_debito' = p->>'conta_credito' or p_pagador = p_recebedor then return kc_erro('self_transfer'); end if;
  v_pernas := kc_movimento_pernas_retidas(p, p_quantidade);
  if v_pernas ? 'error' then return v_pernas; end if;
  v_retencao := kc_reter(jsonb_build_object(
    'tipo', p->>'tipo', 'remetente_id', p_pagador, 'destinatario_id', p_recebedor,
    'conta_debito', p->>'conta_debito', 'conta_credito', p->>'conta_credito', 'quantidade_centis', p_quantidade,
    'observacoes', p->>'observacoes', 'politica', p->'politica', 'limites', p->'limites')
    || case when jsonb_typeof(v_pernas) = 'array' then jsonb_build_object('pernas', v_pernas) else '{}' end);
  if not (v_retencao->>'ok')::boolean then return v_retencao; end if;
  -- Who hears of the hold: its payer, when a person pays.
  return v_retencao || jsonb_build_object('usuarios', to_jsonb(array_remove(array[p_pagador], null)));
end $$;

-- The payer voids a pending hold, whatever its kind (a purchase's sale and stock with it), unless
-- it is under an open dispute, whose decision alone ends it (reports.sql).
-- p: {movimentacao_id, pagador_id}. Answers {ok, movimentacao_id}.
create or replace function kc_movimento_cancelar(p jsonb) returns jsonb language plpgsql as $$
declare m record;
begin
  select id, tipo, status, remetente_id into m
    from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid for no key update;
  if not found or m.remetente_id is distinct from (p->>'pagador_id')::uuid then
    return kc_erro('transaction_not_found');
  end if;
  if m.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', m.status)); end if;
  if kc_em_disputa(m.id) then return kc_erro('transaction_in_dispute'); end if;
  perform kc_desfazer(m.id, m.tipo, 'cancelada');
  return jsonb_build_object('ok', true, 'movimentacao_id', m.id);
end $$;

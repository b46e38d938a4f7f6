-- Holds between any two ledger accounts, named by their ids, for operations that have no flow of
-- their own around the engine (two-phase.sql): an escrow, an agent's cash-out. The people of the
-- movement (for statements, limits and the freeze) are the accounts' owners; a system account has
-- none. The hold waits for its named party (kc_confirmar) or its expiry; its payer may void it.
-- A code goes with a flow that sends it in words of its own (transfers, purchases), so these holds
-- are party-confirmed; the party may be sent a code of its own to confirm with (an agent's
-- cash-in), checked by kc_confirmar.

-- p: {tipo, conta_debito, conta_credito, quantidade_centis, observacoes, politica, limites,
--     chave, request_hash, outras_pernas?: [{conta_credito, quantidade_centis}, …]}: what else the
--     payer pays with it from the same account (a fee, a commission), held with it and posted with
--     it as its legs 2, 3, …
--     tarifa?: {operacao, vista_centis}: the operation's fee for the amount, read under its table's
--     lock (a replacement waits); another than the payer saw is fee_changed {tarifa_centis}. It
--     is held with the amount as further legs, instead of outras_pernas: its commission to the
--     credited account (an agent's float), the rest to the operator's fee account.
--     codigo_pagador?: {sujeito_id, finalidade, vinculo, codigo, pepper, max_tentativas}: the code
--     the payer was sent for these terms (an agent's cash-out), checked before anything but the
--     key's earlier answer: a wrong one costs an attempt, a right one is spent with the hold. A
--     hold it confirms that is refused leaves the code and the Idempotency-Key unspent, to try
--     again; one it made is answered again to the same key and terms.
--     codigo_parte?: {finalidade, codigo, pepper, telefone, vinculo, max_codigos, janela_ms,
--                     mensagem: {template, purpose, idioma, params}}: a code for the party, written
--     with the hold and valid as long as it, and its message. The party's codes in the window are
--     counted under the paying account's lock, before anything is held (rate_limited).
-- Locks, in order: the payer's code, the key, the fee table, the paying account.
-- Answers {ok, movimentacao_id, expira_em, usuarios} or kc_reter's refusals, invalid_amount,
-- amount_too_large, self_transfer, rate_limited, fee_changed, amount_above_fee_bands, a code's.
create or replace function kc_movimento_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  v_codigo jsonb := p->'codigo_parte';
  v_pagante jsonb := p->'codigo_pagador';
  c record;
  v_anterior jsonb;
  v_retencao jsonb;
  v_codigo_pagador codigos_verificacao;
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
  if v_pagante is not null then
    select * into v_codigo_pagador from codigos_verificacao
     where sujeito_id = (v_pagante->>'sujeito_id')::uuid and finalidade = v_pagante->>'finalidade' for no key update;
  end if;
  -- A request whose answer was lost on the way is answered again (its code is spent by then).
  v_anterior := kc_idem_abrir(c.pagador, p->>'chave', p->>'request_hash');
  if v_anterior is not null then return v_anterior; end if;
  if v_pagante is not null then
    v_retencao := kc_codigo_pagador_recusa(v_pagante, v_codigo_pagador);
    if v_retencao is not null then return v_retencao; end if;
  end if;
  -- v_retencao: null until a refusal or the hold answers.
  if p ? 'tarifa' then
    v_retencao := kc_pernas_da_tarifa(p, v_quantidade);
    if not v_retencao ? 'error' then
      p := p || v_retencao;
      v_retencao := null;
    end if;
  end if;
  if v_retencao is null and v_codigo is not null then
    perform 1 from kreyolcash_contas where id = (p->>'conta_debito')::uuid for no key update;
    if kc_codigos_no_limite((p->'politica'->>'confirmador_id')::uuid, (v_codigo->>'max_codigos')::integer,
                            (v_codigo->>'janela_ms')::bigint) then
      v_retencao := kc_erro('rate_limited');
    end if;
  end if;
  if v_retencao is null then v_retencao := kc_movimento_reter_novo(p, c.pagador, c.recebedor, v_quantidade); end if;
  if (v_retencao->>'ok')::boolean then
    if v_pagante is not null then
      perform kc_codigo_conferir((v_pagante->>'sujeito_id')::uuid, v_pagante->>'finalidade', v_pagante->>'vinculo',
                                 v_pagante->>'codigo', v_pagante->>'pepper', (v_pagante->>'max_tentativas')::integer);
    end if;
    if v_codigo is not null then
      perform kc_codigo_parte(v_codigo, (v_retencao->>'movimentacao_id')::uuid,
                              (p->'politica'->>'confirmador_id')::uuid, (v_retencao->>'expira_em')::timestamptz);
    end if;
  elsif v_pagante is not null then
    return v_retencao;
  end if;
  return kc_idem_fechar(c.pagador, p->>'chave', v_retencao);
end $$;

-- The payer's code for a hold (c: kc_movimento_reter's codigo_pagador; v: its row, which the caller
-- read under its lock, all null when there is none): null when right (it is spent once the hold is
-- made); otherwise the refusal, a wrong code's attempt counted.
create or replace function kc_codigo_pagador_recusa(c jsonb, v codigos_verificacao) returns jsonb
    language plpgsql as $$
begin
  perform kc_codigo_avulso(c->>'finalidade');
  if v.sujeito_id is null or v.usado_em is not null then return kc_erro('transaction_not_pending'); end if;
  if kc_codigo_vale(v, c->>'vinculo', c->>'codigo', c->>'pepper', (c->>'max_tentativas')::integer) then
    return null;
  end if;
  return kc_codigo_conferir(v.sujeito_id, v.finalidade, c->>'vinculo', c->>'codigo', c->>'pepper',
                            (c->>'max_tentativas')::integer);
end $$;

-- A hold's fee (p.tarifa: {operacao, vista_centis}) under its table's lock: {outras_pernas} (the
-- commission to the credited account, the rest to the fee account, each when above zero), or
-- fee_changed / amount_above_fee_bands.
create or replace function kc_pernas_da_tarifa(p jsonb, p_quantidade bigint) returns jsonb language plpgsql as $$
declare v_cotacao jsonb;
begin
  if p ? 'outras_pernas' and jsonb_array_length(p->'outras_pernas') > 0 then
    raise exception 'kc_movimento_reter: a fee and other legs together' using errcode = '22023';
  end if;
  perform 1 from tarifas where operacao = p->'tarifa'->>'operacao' for share;
  v_cotacao := kc_tarifa(p->'tarifa'->>'operacao', p_quantidade);
  if v_cotacao ? 'error' then return v_cotacao; end if;
  if (v_cotacao->>'tarifa_centis')::bigint is distinct from (p->'tarifa'->>'vista_centis')::bigint then
    return kc_erro('fee_changed', jsonb_build_object('tarifa_centis', (v_cotacao->>'tarifa_centis')::bigint));
  end if;
  return jsonb_build_object('outras_pernas', coalesce((
    select jsonb_agg(jsonb_build_object('conta_credito', l.conta, 'quantidade_centis', l.valor) order by l.n)
      from (values (1, p->>'conta_credito', (v_cotacao->>'comissao_centis')::bigint),
                   (2, kc_conta_taxas()::text,
                    (v_cotacao->>'tarifa_centis')::bigint - (v_cotacao->>'comissao_centis')::bigint)) as l(n, conta, valor)
     where l.valor > 0), '[]'::jsonb));
end $$;

-- A held movement's code for its party, and the message that sends it (c: kc_movimento_reter's
-- codigo_parte), valid until the hold expires.
create or replace function kc_codigo_parte(c jsonb, p_mov uuid, p_parte uuid, p_expira timestamptz)
    returns void language plpgsql as $$
begin
  perform kc_codigo_avulso(c->>'finalidade');
  perform kc_codigo_gravar(c || jsonb_build_object('sujeito_id', p_mov, 'user_id', p_parte, 'expira_em', p_expira));
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  values ('whatsapp', c->>'telefone', c->'mensagem'->>'template', c->'mensagem'->'params', c->'mensagem'->>'idioma',
          c->'mensagem'->>'purpose', p_mov::text);
end $$;

-- A batch of holds between accounts (kc_movimento_reter's items, p: {itens: [...]}) in one
-- transaction: every payer's code named, every Idempotency-Key, the fee tables, then every paying
-- account are locked first, each set in order (kc_movimento_reter's order), then each item runs
-- kc_movimento_reter in the batch's order. Answers a jsonb array in the items' order.
create or replace function kc_movimentos_reter(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
begin
  perform 1 from codigos_verificacao v
   where (v.sujeito_id, v.finalidade) in (select (e->'codigo_pagador'->>'sujeito_id')::uuid, e->'codigo_pagador'->>'finalidade'
                                            from jsonb_array_elements(p->'itens') e where e ? 'codigo_pagador')
   order by v.sujeito_id, v.finalidade for no key update;
  perform pg_advisory_xact_lock(k) from unnest(array(
    select distinct kc_idem_trava(c.user_id, e->>'chave')
      from jsonb_array_elements(p->'itens') e join kreyolcash_contas c on c.id = (e->>'conta_debito')::uuid
     where e->>'chave' is not null and c.user_id is not null order by 1)) k;
  perform 1 from tarifas
   where operacao in (select e->'tarifa'->>'operacao' from jsonb_array_elements(p->'itens') e where e ? 'tarifa')
   order by operacao for share;
  perform 1 from kreyolcash_contas
   where id = any(array(select (e->>'conta_debito')::uuid from jsonb_array_elements(p->'itens') e))
   order by id for no key update;
  for i in select e, n from jsonb_array_elements(p->'itens') with ordinality as t(e, n) order by n loop
    v_respostas[i.n] := kc_movimento_reter(i.e);
  end loop;
  return to_jsonb(v_respostas);
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

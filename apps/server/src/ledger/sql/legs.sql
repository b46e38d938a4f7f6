-- A movement of several legs posted at once: a payment with its fee and an agent's commission,
-- each leg (debit account, credit account, amount) written as its two lines in one transaction.
-- Leg 1 is the movement's own (its people are leg 1's accounts' owners, what their statements
-- show); the others are stored beside it (migration 0011) and shown as the payer's fee.
-- Every account of every leg is locked together, in ascending id, before anything is read.
-- p: {tipo, observacoes, limites, pernas: [{conta_debito, conta_credito, quantidade_centis}, …],
--     chave?, request_hash?}: with an Idempotency-Key, keyed by the owner of leg 1's paying account
--     (a person pays; a system account has no key), run once and answered again after.
-- Answers {ok, movimentacao_id, usuarios} or invalid_amount / amount_too_large / self_transfer /
-- account_frozen / insufficient_balance / balance_limit_reached.
create or replace function kc_movimento_pernas(p jsonb) returns jsonb language plpgsql as $$
declare
  v_pagador uuid;
  v_anterior jsonb;
begin
  if p->>'chave' is null then return kc_movimento_pernas_agora(p); end if;
  select user_id into v_pagador from kreyolcash_contas where id = (p->'pernas'->0->>'conta_debito')::uuid;
  if v_pagador is null then
    raise exception 'kc_movimento_pernas: an Idempotency-Key belongs to a paying person' using errcode = '22023';
  end if;
  v_anterior := kc_idem_abrir(v_pagador, p->>'chave', p->>'request_hash');
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(v_pagador, p->>'chave', kc_movimento_pernas_agora(p));
end $$;

create or replace function kc_movimento_pernas_agora(p jsonb) returns jsonb language plpgsql as $$
declare
  v_pernas jsonb := p->'pernas';
  v_primeira jsonb := v_pernas->0;
  v_recusa jsonb;
  c record;
  v_mov uuid;
begin
  if jsonb_typeof(v_pernas) is distinct from 'array' or jsonb_array_length(v_pernas) not between 1 and 16 then
    raise exception 'kc_movimento_pernas: between 1 and 16 legs, got %', v_pernas using errcode = '22023';
  end if;
  if exists (select 1 from jsonb_array_elements(v_pernas) x
              where jsonb_typeof(x->'quantidade_centis') is distinct from 'number'
                 or (x->>'quantidade_centis')::numeric <= 0
                 or (x->>'quantidade_centis')::numeric <> trunc((x->>'quantidade_centis')::numeric)) then
    return kc_erro('invalid_amount');
  end if;
  if exists (select 1 from jsonb_array_elements(v_pernas) x where (x->>'quantidade_centis')::numeric > kc_teto_centis()) then
    return kc_erro('amount_too_large');
  end if;
  if exists (select 1 from jsonb_array_elements(v_pernas) x where x->>'conta_debito' = x->>'conta_credito') then
    return kc_erro('self_transfer');
  end if;
  -- An unknown account is a caller's bug: the foreign keys refuse it when the movement is written.
  perform kc_travar_pernas(v_pernas);
  -- What each account gives and gets over all the legs, read under the locks.
  for c in
    select k.id, k.tipo, k.user_id, k.saldo_centis, k.reservado_centis, sum(x.valor)::bigint as valor,
           (sum(-x.valor) filter (where x.valor < 0))::bigint as debito, u.congelado_em
      from (select (e->>'conta_debito')::uuid as conta, -(e->>'quantidade_centis')::bigint as valor
              from jsonb_array_elements(v_pernas) e
            union all
            select (e->>'conta_credito')::uuid, (e->>'quantidade_centis')::bigint
              from jsonb_array_elements(v_pernas) e) x
      join kreyolcash_contas k on k.id = x.conta
      left join usuarios u on u.id = k.user_id
     group by k.id, k.tipo, k.user_id, k.saldo_centis, k.reservado_centis, u.congelado_em
     order by k.id
  loop
    if c.debito is not null and c.congelado_em is not null then return kc_erro('account_frozen'); end if;
    -- An account pays its debits out of what it has available, before any leg credits it.
    if c.debito is not null and c.tipo <> 'emissor' and c.saldo_centis - c.reservado_centis < c.debito then
      return kc_erro('insufficient_balance');
    end if;
    if c.saldo_centis::numeric + c.valor > kc_teto_centis() or c.saldo_centis::numeric + c.valor < -kc_teto_centis() then
      return kc_erro('amount_too_large');
    end if;
    if c.valor > 0 then
      v_recusa := kc_limite_recebimento(p->'limites', c.id, c.valor);
      if v_recusa is not null then return v_recusa; end if;
    end if;
  end loop;
  select d.user_id as pagador, r.user_id as recebedor into c
    from kreyolcash_contas d, kreyolcash_contas r
   where d.id = (v_primeira->>'conta_debito')::uuid and r.id = (v_primeira->>'conta_credito')::uuid;
  v_mov := kc_movimento_imediato(jsonb_build_object(
    'tipo', p->>'tipo', 'remetente_id', c.pagador, 'destinatario_id', c.recebedor,
    'conta_debito', v_primeira->>'conta_debito', 'conta_credito', v_primeira->>'conta_credito',
    'quantidade_centis', v_primeira->'quantidade_centis', 'observacoes', p->>'observacoes', 'pernas', v_pernas));
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov,
                            'usuarios', to_jsonb(array_remove(array[c.pagador, c.recebedor], null)));
end $$;

-- Transfers between two people, on the two-phase engine (two-phase.sql). Each phase is one call:
--   kc_transferencia_iniciar   — Idempotency-Key, payee, limits, hold, code and the code message;
--   kc_transferencia_verificar — the code: posts, or counts a wrong attempt (voiding at the last);
--   kc_transferencia_reenviar_codigo, kc_transferencia_cancelar.
-- Messages are a template key and its parameters; the outbox worker writes the text, in the
-- recipient's language.

-- The parameters of a transfer's code message (template transfer_code), wherever it is sent from:
-- a hold alone, a batch of holds, a resent code. A free transfer's message names no fee.
create or replace function kc_codigo_transferencia_params(p_codigo text, p_quantidade bigint, p_tarifa bigint,
                                                          p_recebedor text, p_validade_min integer)
    returns jsonb language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'codigo', p_codigo, 'valor_centis', p_quantidade, 'tarifa_centis', nullif(p_tarifa, 0),
    'recebedor', p_recebedor, 'validade_min', p_validade_min))
$$;

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
                         'max_codigos', p->'max_codigos', 'janela_ms', p->'janela_ms') end)
    || case when v_tarifa > 0 then jsonb_build_object('pernas', jsonb_build_array(
         jsonb_build_object('conta_debito', v_pagador, 'conta_credito', v.conta, 'quantidade_centis', v_quantidade),
         jsonb_build_object('conta_debito', v_pagador, 'conta_credito', kc_conta_taxas(),
                            'quantidade_centis', v_tarifa))) else '{}' end);
  if not (v_retencao->>'ok')::boolean then return v_retencao; end if;
  if v_codigo then
    insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
    values ('whatsapp', v.telefone_pagador, 'transfer_code',
            kc_codigo_transferencia_params(p->>'codigo', v_quantidade, v_tarifa, v.nome_completo,
                                           ((v_politica->>'validade_ms')::bigint / 60000)::integer),
            v.idioma_pagador, 'transfer_code', v_retencao->>'movimentacao_id');
  end if;
  return v_retencao || jsonb_build_object('status', 'pendente', 'tarifa_centis', v_tarifa);
end $$;

-- The fee a held transfer carries besides its amount: what its hold holds beyond it (its leg 2).
create or replace function kc_tarifa_retida(p_mov uuid, p_quantidade bigint) returns bigint
    language sql stable as $$
  select kc_retido(p_mov, p_quantidade) - p_quantidade
$$;

-- p: {movimentacao_id, pagador_id, codigo, pepper, max_tentativas, limites, com_linha?}
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
  v_recusa := kc_codigo_movimento_conferir(m, 'transfer', kc_vinculo_dinheiro(m.remetente_id, m.destinatario_id, m.quantidade_centis),
                                           p->>'codigo', p->>'pepper', (p->>'max_tentativas')::integer);
  if v_recusa is not null then
    if v_recusa->>'error' = 'code_expired' then perform kc_vencer(m.id, p->'limites');
    elsif v_recusa->>'error' = 'code_attempts_exceeded' then perform kc_anular(m.id, 'cancelada');
    end if;
    return v_recusa;
  end if;
  v_recusa := kc_concluir(m, p->'limites', 'cancelada');
  if v_recusa is not null then return v_recusa; end if;
  return kc_transferencia_postada(m.id, m.remetente_id, m.destinatario_id, coalesce((p->>'com_linha')::boolean, false));
end $$;

-- A posted transfer's answer: its payee, and when asked (p_com_linha) the payer's statement row of
-- it as the statement reads it (kc_extrato_linhas), which a verification through HTTP answers: read
-- here, inside the call, it is not a query of its own after it. PL/pgSQL: the statement's
-- functions (statement.sql) are defined after this file.
create or replace function kc_transferencia_postada(p_mov uuid, p_pagador uuid, p_recebedor uuid, p_com_linha boolean)
    returns jsonb language plpgsql stable as $$
begin
  return jsonb_build_object('ok', true, 'movimentacao_id', p_mov, 'recebedor_id', p_recebedor)
         || case when p_com_linha
                 then jsonb_build_object('linha', (select to_jsonb(l) from kc_extrato_linhas(p_pagador, array[p_mov], true) l))
                 else '{}'::jsonb end;
end $$;

-- Posted transfers (p_movs, in order): each one's payer and payee told, in one insert, once the
-- postings have committed (notices.sql): under a posting's locks it would lengthen them. A hold
-- between accounts may pay a system account: no person to tell there. PL/pgSQL, whose insert's
-- plan lasts the connection.
create or replace function kc_transferencias_avisar(p_movs uuid[]) returns void language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
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
  m kreyolcash_movimentacoes;
  v record;
  v_recusa jsonb;
begin
  select * into m from kreyolcash_movimentacoes
   where id = (p->>'movimentacao_id')::uuid and tipo = 'transferencia' for no key update;
  if not found or m.remetente_id <> (p->>'pagador_id')::uuid then return kc_erro('transaction_not_found'); end if;
  if m.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', m.status)); end if;
  select pg.telefone, pg.idioma, r.nome_completo as recebedor into v
    from usuarios pg, usuarios r where pg.id = m.remetente_id and r.id = m.destinatario_id;
  v_recusa := kc_codigo_substituir(m, v.telefone, p || jsonb_build_object('finalidade', 'transfer',
    'vinculo', kc_vinculo_dinheiro(m.remetente_id, m.destinatario_id, m.quantidade_centis)));
  if v_recusa is not null then return v_recusa; end if;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  values ('whatsapp', v.telefone, 'transfer_code',
          kc_codigo_transferencia_params(p->>'codigo', m.quantidade_centis, kc_tarifa_retida(m.id, m.quantidade_centis),
                                         v.recebedor, ceil(extract(epoch from m.expira_em - now()) / 60)::integer),
          v.idioma, 'transfer_code', m.id::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', m.id,
                            'tentativas_restantes', (p->>'max_tentativas')::integer - m.codigo_tentativas);
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
-- Initiations lock every Idempotency-Key they name, then every payer's account, in order, before
-- anything else (the lock order: a key before an account, as kc_transferencia_iniciar takes them).
-- Each payer's items, up to the first that is not new or would not be held, are held with the
-- others like them, as sets (kc_transferencias_reter_juntas); the rest run kc_transferencia_iniciar
-- one by one after them, in ascending payer order (one payer's requests keep their order), and get
-- its answer: a refusal, a replayed key, and what follows them.
create or replace function kc_transferencias_iniciar(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_juntas jsonb;
begin
  perform pg_advisory_xact_lock(k) from unnest(array(
    select distinct kc_idem_trava((e->>'pagador_id')::uuid, e->>'chave')
      from jsonb_array_elements(p->'itens') e where e->>'chave' is not null order by 1)) k;
  perform 1 from kreyolcash_contas
   where id = any(array(select (e->>'pagador_id')::uuid from jsonb_array_elements(p->'itens') e))
   order by id for no key update;
  v_juntas := kc_transferencias_reter_juntas(p);
  for i in select e, n from jsonb_array_elements(p->'itens') with ordinality as t(e, n)
            order by (e->>'pagador_id')::uuid, n
  loop
    v_respostas[i.n] := coalesce(v_juntas->(i.n::text), kc_transferencia_iniciar(i.e));
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- The set path of a batch of initiations, under its keys' and payers' locks: each payer's items,
-- in the batch's order, up to the first whose key is used or that kc_transferencia_reter would not
-- hold in its turn (a code-confirmed transfer policy, the batch's limits, a payer who may send it, a
-- payee who may receive it, the fee the payer saw, the balance, the day's and month's sending, the
-- code budget), are held together by one statement per table: the accounts' holds, the movements
-- (each with its code's hash, and its hold), their fee legs, the day's totals, the code messages
-- and the keys' answers. Every check errs toward leaving an item to the one-by-one path, which then
-- names its refusal. Answers {n: answer}, with the answer kc_transferencia_iniciar would give.
create or replace function kc_transferencias_reter_juntas(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_limites jsonb := p->'itens'->0->'limites';
  v_n bigint[];
  v_itens jsonb[];
  v_movs uuid[];
  v_pagadores uuid[];
  v_recebedores uuid[];
  v_quantidades bigint[];
  v_tarifas bigint[];
  v_totais bigint[];
  v_expiras timestamptz[];
  v_telefones text[];
  v_idiomas text[];
  v_nomes text[];
  v_validades bigint[];
  v_respostas jsonb[];
begin
  if v_limites->'0' is null or v_limites->'1' is null or v_limites->'2' is null then return '{}'; end if;
  -- Each item is judged as it would be in its turn (vale): after its payer's earlier items, whose
  -- amounts and fees the running sums over the payer's items add (acumulado) and whose codes the
  -- code budget counts (ordem). A payer's items are taken up to the first that is not.
  select array_agg(c.n), array_agg(c.e), array_agg(c.mov), array_agg(c.pagador), array_agg(c.recebedor),
         array_agg(c.quantidade), array_agg(c.tarifa), array_agg(c.expira), array_agg(c.telefone),
         array_agg(c.idioma), array_agg(c.nome), array_agg((c.politica->>'validade_ms')::bigint),
         array_agg(c.quantidade + c.tarifa)
    into v_n, v_itens, v_movs, v_pagadores, v_recebedores, v_quantidades, v_tarifas, v_expiras, v_telefones,
         v_idiomas, v_nomes, v_validades, v_totais
    from (select a.*, kc_id_ordenado() as mov, kc_vencimento((a.politica->>'validade_ms')::bigint) as expira
            from (select j.*, bool_and(j.vale) over (partition by j.pagador order by j.n) as na_vez
                    from (select f.n, f.e, f.pagador, r.id as recebedor, f.quantidade, f.politica, nt.tarifa,
                                 pg.telefone, pg.idioma, r.nome_completo as nome,
                                 coalesce(
                                   f.quantidade > 0 and f.vez_da_chave = 1 and chave.usada is null
                                   and f.quantidade <= (v_limites->nt.nivel->>'por_transferencia_centis')::bigint
                                   and r.id <> f.pagador and kc_pode_receber(r)
                                   and nt.tarifa = coalesce((f.e->>'tarifa_centis')::bigint, 0)
                                   and f.quantidade + nt.tarifa <= kc_teto_centis()
                                   and (sm.maximo_centis is null or sm.saldo_centis + f.quantidade <= sm.maximo_centis)
                                   and kc_lote_pode_reter(f.e, f.politica, v_limites, pg, c, u.hoje_centis, u.mes_centis,
                                                          (sum(f.quantidade + nt.tarifa) over w)::bigint, f.ordem),
                                   false) as vale
                            from (select x.n, x.e, (x.e->>'pagador_id')::uuid as pagador,
                                         (x.e->>'quantidade_centis')::bigint as quantidade,
                                         coalesce(x.e->'politica', kc_politica_codigo(x.e->'validade_ms')) as politica,
                                         count(*) over (partition by (x.e->>'pagador_id')::uuid order by x.n) as ordem,
                                         case when x.e->>'chave' is null then 1
                                              else count(*) over (partition by (x.e->>'pagador_id')::uuid, x.e->>'chave' order by x.n) end as vez_da_chave
                                    from jsonb_array_elements(p->'itens') with ordinality as x(e, n)) f
                            left join usuarios pg on pg.id = f.pagador
                            left join kreyolcash_contas c on c.id = f.pagador
                            left join usuarios r on r.id = kc_destinatario_id(f.e->'destinatario')
                            -- offset 0: evaluated once per item, not once per reference.
                            cross join lateral (select kc_nivel(pg.telefone_verificado_em, pg.documento_aprovado_em)::text as nivel,
                                                       (kc_tarifa('transferencia', f.quantidade)->>'tarifa_centis')::bigint as tarifa
                                                offset 0) nt
                            left join lateral kc_envios_usados(f.pagador) u on true
                            -- offset 0: read by the payee's key (inlined, it was planned as a walk of every
                            -- person's account).
                            left join lateral (select * from kc_saldo_maximo(v_limites, r.id) offset 0) sm on true
                            -- A join, not a subquery in the judgement: there PostgreSQL hashed every key ever used.
                            left join lateral (select true as usada from idempotency_keys k
                                                where k.user_id = f.pagador and k.chave = f.e->>'chave' offset 0) chave on true
                          window w as (partition by f.pagador order by f.n)) j) a
           where a.na_vez
           order by a.pagador, a.n) c;
  if v_n is null then return '{}'; end if;
  v_respostas := array(
    select jsonb_build_object('ok', true, 'movimentacao_id', x.mov, 'expira_em', x.expira)
           || jsonb_build_object('status', 'pendente', 'tarifa_centis', x.tarifa)
      from unnest(v_movs, v_expiras, v_tarifas) with ordinality as x(mov, expira, tarifa, k) order by x.k);
  perform kc_reter_juntas(v_pagadores, v_totais);
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, expira_em,
                                        confirmador_id, nos_limites, posta_ao_expirar, codigo_hash)
  select x.mov, 'transferencia', 'pendente', x.pagador, x.recebedor, x.pagador, x.recebedor, x.quantidade,
         x.e->>'observacoes', x.expira, null, true, false,
         kc_codigo_hash(x.e->>'pepper', 'transfer', x.mov, kc_vinculo_dinheiro(x.pagador, x.recebedor, x.quantidade),
                        x.e->>'codigo')
    from unnest(v_movs, v_pagadores, v_recebedores, v_quantidades, v_itens, v_expiras)
         as x(mov, pagador, recebedor, quantidade, e, expira);
  -- A fee is the movement's second leg (kc_transferencia_reter).
  insert into kreyolcash_pernas (movimentacao_id, numero, conta_debito, conta_credito, quantidade_centis)
  select x.mov, l.numero, x.pagador, l.credito, l.quantidade
    from unnest(v_movs, v_pagadores, v_recebedores, v_quantidades, v_tarifas)
         as x(mov, pagador, recebedor, quantidade, tarifa)
   cross join lateral (values (1, x.recebedor, x.quantidade), (2, kc_conta_taxas(), x.tarifa)) as l(numero, credito, quantidade)
   where x.tarifa > 0;
  perform kc_envios_somar_juntos(v_pagadores, v_totais);
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  select 'whatsapp', x.telefone, 'transfer_code',
         kc_codigo_transferencia_params(x.e->>'codigo', x.quantidade, x.tarifa, x.nome, (x.validade / 60000)::integer),
         x.idioma, 'transfer_code', x.mov::text
    from unnest(v_movs, v_quantidades, v_tarifas, v_itens, v_telefones, v_idiomas, v_nomes, v_validades)
         with ordinality as x(mov, quantidade, tarifa, e, telefone, idioma, nome, validade, k)
   order by x.k;
  insert into idempotency_keys (user_id, chave, request_hash, resposta)
  select x.pagador, x.e->>'chave', x.e->>'request_hash', x.resposta
    from unnest(v_pagadores, v_itens, v_respostas) as x(pagador, e, resposta)
   where x.e->>'chave' is not null;
  return (select jsonb_object_agg(x.n::text, x.resposta) from unnest(v_n, v_respostas) as x(n, resposta));
end $$;

-- Verifications lock all their movements first, check their codes (which are the movements'),
-- then lock every account of their legs (the lock order). The items whose code is right are
-- posted together, as sets (kc_postar_lote); the rest run kc_transferencia_verificar one by one
-- after them: a wrong, spent or late code, a movement named twice (its first right code posts it),
-- a posting the set path leaves to it. The answers are the ones those items would get run alone in
-- some order, which is all concurrent requests are owed.
create or replace function kc_transferencias_verificar(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_ids uuid[] := array(select (e->>'movimentacao_id')::uuid from jsonb_array_elements(p->'itens') e);
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
  -- Each movement's first item with its right code; the batch's limits are one configuration. A
  -- code is its movement's (codes.sql), so this needs only the movements' locks: the accounts'
  -- come after it, held for less of the batch.
  select coalesce(array_agg(certo.mov order by certo.n), '{}'), coalesce(array_agg(certo.n order by certo.n), '{}'),
         coalesce(array_agg(certo.recebedor order by certo.n), '{}')
    into v_certos, v_itens_certos, v_recebedores
    from (select distinct on (m.id) m.id as mov, x.n, m.destinatario_id as recebedor
            from jsonb_array_elements(p->'itens') with ordinality as x(e, n)
            join kreyolcash_movimentacoes m on m.id = (x.e->>'movimentacao_id')::uuid
           where m.id = any(v_ids) and m.tipo = 'transferencia' and m.status = 'pendente'
             and m.remetente_id = (x.e->>'pagador_id')::uuid
             and x.e->'limites' = p->'itens'->0->'limites'
             and kc_codigo_movimento_vale(m, 'transfer', kc_vinculo_dinheiro(m.remetente_id, m.destinatario_id, m.quantidade_centis),
                                          x.e->>'codigo', x.e->>'pepper', (x.e->>'max_tentativas')::integer)
           order by m.id, x.n) certo;
  perform kc_travar_contas_pendentes(v_ids, 'transferencia');
  if cardinality(v_certos) > 0 then
    v_postados := kc_postar_lote(v_certos, p->'itens'->0->'limites');
  end if;
  for i in select e, n, (e->>'movimentacao_id')::uuid as mov from jsonb_array_elements(p->'itens') with ordinality as t(e, n)
            order by n
  loop
    v_k := array_position(v_certos, i.mov);
    if v_k is not null and v_itens_certos[v_k] = i.n and i.mov = any(v_postados) then
      v_respostas[i.n] := kc_transferencia_postada(i.mov, (i.e->>'pagador_id')::uuid, v_recebedores[v_k],
                                                   coalesce((i.e->>'com_linha')::boolean, false));
    else
      v_respostas[i.n] := kc_transferencia_verificar(i.e);
    end if;
  end loop;
  return to_jsonb(v_respostas);
end $$;

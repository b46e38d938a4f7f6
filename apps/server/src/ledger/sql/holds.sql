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
-- account are locked first, each set in order (kc_movimento_reter's order). Each paying account's
-- items, up to the first that would not be held in its turn, are then held with the others like
-- them, as sets (kc_movimentos_reter_juntas); the rest run kc_movimento_reter one by one after
-- them, in the batch's order. Every item gets the answer it would get alone after the items before
-- it. Answers a jsonb array in the items' order.
create or replace function kc_movimentos_reter(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_juntas jsonb;
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
  v_juntas := kc_movimentos_reter_juntas(p);
  for i in select e, n from jsonb_array_elements(p->'itens') with ordinality as t(e, n) order by n loop
    v_respostas[i.n] := coalesce(v_juntas->(i.n::text), kc_movimento_reter(i.e));
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- The set path of a batch of holds between accounts, under its codes', keys', fee tables' and
-- paying accounts' locks: each paying account's items, in the batch's order, up to the first that
-- kc_movimento_reter would not hold in its turn, are held together by one statement per table: the
-- payers' codes spent, the holds, the movements, their fee legs, the day's totals, the parties'
-- codes and their messages, and the keys' answers. An item is judged as in its turn (vale): after
-- every earlier item of its paying account, whose totals (amount and fee) the running sum over the
-- account takes from the balance; after every earlier item of its payer counted in the limits,
-- whose totals the running sum over the payer adds to the day's and month's sending; and after
-- every earlier party code of its party, each counted as sent against the party's code budget.
-- Counting every earlier item, held or not, errs toward the one-by-one path and makes the answers
-- those of the batch's order, whatever runs after the set path. Only the first item naming a key
-- or a payer's code may be taken (a later one depends on what the first did), and only a right,
-- unspent code; an item with other legs than its fee's, from a system account or under another
-- batch's limits goes one by one, which names every refusal.
-- Answers {n: answer}, with the answer kc_movimento_reter would give.
create or replace function kc_movimentos_reter_juntas(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_limites jsonb := p->'itens'->0->'limites';
  v_n bigint[];
  v_itens jsonb[];
  v_movs uuid[];
  v_pagadores uuid[];
  v_recebedores uuid[];
  v_debitos uuid[];
  v_creditos uuid[];
  v_quantidades bigint[];
  v_comissoes bigint[];
  v_tarifas bigint[];
  v_totais bigint[];
  v_expiras timestamptz[];
  v_respostas jsonb[];
begin
  if v_limites->'0' is null or v_limites->'1' is null or v_limites->'2' is null then return '{}'; end if;
  select array_agg(c.n), array_agg(c.e), array_agg(c.mov), array_agg(c.pagador), array_agg(c.recebedor),
         array_agg(c.debito), array_agg(c.credito), array_agg(c.quantidade), array_agg(c.comissao),
         array_agg(c.tarifa), array_agg(c.total), array_agg(c.expira)
    into v_n, v_itens, v_movs, v_pagadores, v_recebedores, v_debitos, v_creditos, v_quantidades, v_comissoes,
         v_tarifas, v_totais, v_expiras
    from (select a.*, kc_id_ordenado() as mov, kc_vencimento((a.e->'politica'->>'validade_ms')::bigint) as expira
            from (select j.*, bool_and(j.vale) over (partition by j.debito order by j.n) as na_vez
                    from (select f.n, f.e, f.debito, f.credito, f.quantidade, d.user_id as pagador, r.user_id as recebedor,
                                 f.comissao, f.tarifa, f.total,
                                 coalesce(
                                   f.e->'limites' = v_limites
                                   and f.quantidade is not null and f.total <= kc_teto_centis()
                                   and f.politica->>'confirmador_id' is not null
                                   and (f.politica->>'nos_limites')::boolean is not null
                                   and (f.politica->>'posta_ao_expirar')::boolean is not null
                                   and (f.politica->>'validade_ms')::bigint > 0
                                   and coalesce(jsonb_array_length(f.e->'outras_pernas'), 0) = 0
                                   and (f.cotacao is null
                                        or (not f.cotacao ? 'error' and f.tarifa = (f.e->'tarifa'->>'vista_centis')::bigint))
                                   and f.debito <> f.credito and r.id is not null
                                   and d.user_id is not null and d.user_id is distinct from r.user_id
                                   and b.congelado_em is null
                                   and (f.e->>'chave' is null or (count(*) over por_chave = 1 and chave.usada is null))
                                   and (f.e->'codigo_pagador' is null
                                        or (count(*) over por_codigo = 1
                                            and kc_codigo_vale(cp, f.e->'codigo_pagador'->>'vinculo',
                                                               f.e->'codigo_pagador'->>'codigo',
                                                               f.e->'codigo_pagador'->>'pepper',
                                                               (f.e->'codigo_pagador'->>'max_tentativas')::integer)))
                                   -- least(): a sum of totals past the ceiling cannot overflow.
                                   and d.saldo_centis - d.reservado_centis
                                         >= sum(least(f.total, kc_teto_centis() + 1)) over por_conta
                                   and (not (f.politica->>'nos_limites')::boolean
                                        or kc_lote_nos_limites(v_limites, b, u.hoje_centis, u.mes_centis,
                                             (sum(least(f.total, kc_teto_centis() + 1))
                                                filter (where (f.politica->>'nos_limites')::boolean) over por_pagador)::bigint))
                                   and (sm.maximo_centis is null
                                        or sm.saldo_centis + f.quantidade + f.comissao <= sm.maximo_centis)
                                   and (f.e->'codigo_parte' is null
                                        or kc_lote_codigos_cabem((f.politica->>'confirmador_id')::uuid,
                                             (f.e->'codigo_parte'->>'max_codigos')::integer,
                                             (f.e->'codigo_parte'->>'janela_ms')::bigint,
                                             count(*) filter (where f.e ? 'codigo_parte') over por_parte)),
                                   false) as vale
                            from (select q.*, coalesce((q.cotacao->>'tarifa_centis')::bigint, 0) as tarifa,
                                         coalesce((q.cotacao->>'comissao_centis')::bigint, 0) as comissao,
                                         q.quantidade + coalesce((q.cotacao->>'tarifa_centis')::bigint, 0) as total
                                    from (select x.n, x.e, (x.e->>'conta_debito')::uuid as debito,
                                                 (x.e->>'conta_credito')::uuid as credito,
                                                 kc_quantidade_valida(x.e->'quantidade_centis') as quantidade,
                                                 x.e->'politica' as politica,
                                                 case when x.e ? 'tarifa'
                                                      then kc_tarifa(x.e->'tarifa'->>'operacao',
                                                                     kc_quantidade_valida(x.e->'quantidade_centis')) end
                                                   as cotacao
                                            from jsonb_array_elements(p->'itens') with ordinality as x(e, n)
                                          -- offset 0: each item's fee read once, not once for each use above.
                                          offset 0) q) f
                            left join kreyolcash_contas d on d.id = f.debito
                            left join kreyolcash_contas r on r.id = f.credito
                            left join usuarios b on b.id = d.user_id
                            left join codigos_verificacao cp
                                   on cp.sujeito_id = (f.e->'codigo_pagador'->>'sujeito_id')::uuid
                                  and cp.finalidade = f.e->'codigo_pagador'->>'finalidade'
                            left join lateral kc_envios_usados(d.user_id) u on true
                            -- offset 0: read by the account's key, not planned as a walk of every account.
                            left join lateral (select * from kc_saldo_maximo(v_limites, f.credito) offset 0) sm on true
                            left join lateral (select true as usada from idempotency_keys k
                                                where k.user_id = d.user_id and k.chave = f.e->>'chave' offset 0) chave on true
                          window por_conta as (partition by f.debito order by f.n),
                                 por_pagador as (partition by d.user_id order by f.n),
                                 por_parte as (partition by f.politica->>'confirmador_id' order by f.n),
                                 por_chave as (partition by d.user_id, f.e->>'chave' order by f.n),
                                 por_codigo as (partition by f.e->'codigo_pagador'->>'sujeito_id',
                                                             f.e->'codigo_pagador'->>'finalidade' order by f.n)) j) a
           where a.na_vez
           order by a.debito, a.n) c;
  if v_n is null then return '{}'; end if;
  v_respostas := array(
    select jsonb_build_object('ok', true, 'movimentacao_id', x.mov, 'expira_em', x.expira,
                              'usuarios', jsonb_build_array(x.pagador))
      from unnest(v_movs, v_expiras, v_pagadores) with ordinality as x(mov, expira, pagador, k) order by x.k);
  perform kc_codigo_avulso(x.e->'codigo_pagador'->>'finalidade') from unnest(v_itens) x(e) where x.e ? 'codigo_pagador';
  perform kc_codigo_avulso(x.e->'codigo_parte'->>'finalidade') from unnest(v_itens) x(e) where x.e ? 'codigo_parte';
  update codigos_verificacao c set usado_em = now()
    from unnest(v_itens) x(e)
   where x.e ? 'codigo_pagador'
     and c.sujeito_id = (x.e->'codigo_pagador'->>'sujeito_id')::uuid and c.finalidade = x.e->'codigo_pagador'->>'finalidade';
  perform kc_reter_juntas(v_debitos, v_totais);
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, expira_em,
                                        confirmador_id, nos_limites, posta_ao_expirar)
  select x.mov, x.e->>'tipo', 'pendente', x.pagador, x.recebedor, x.debito, x.credito, x.quantidade,
         x.e->>'observacoes', x.expira, (x.e->'politica'->>'confirmador_id')::uuid,
         (x.e->'politica'->>'nos_limites')::boolean, (x.e->'politica'->>'posta_ao_expirar')::boolean
    from unnest(v_movs, v_itens, v_pagadores, v_recebedores, v_debitos, v_creditos, v_quantidades, v_expiras)
         with ordinality as x(mov, e, pagador, recebedor, debito, credito, quantidade, expira, k)
   order by x.k;
  -- A fee is held as further legs: the agent's commission to the credited account, the rest to the
  -- fee account, each when above zero (kc_pernas_da_tarifa).
  insert into kreyolcash_pernas (movimentacao_id, numero, conta_debito, conta_credito, quantidade_centis)
  select l.mov, row_number() over (partition by l.mov order by l.ordem), l.debito, l.credito, l.valor
    from (select x.mov, 1 as ordem, x.debito, x.credito, x.quantidade as valor, x.tarifa
            from unnest(v_movs, v_debitos, v_creditos, v_quantidades, v_tarifas) as x(mov, debito, credito, quantidade, tarifa)
          union all
          select x.mov, 2, x.debito, x.credito, x.comissao, x.tarifa
            from unnest(v_movs, v_debitos, v_creditos, v_comissoes, v_tarifas) as x(mov, debito, credito, comissao, tarifa)
          union all
          select x.mov, 3, x.debito, kc_conta_taxas(), x.tarifa - x.comissao, x.tarifa
            from unnest(v_movs, v_debitos, v_comissoes, v_tarifas) as x(mov, debito, comissao, tarifa)) l
   where l.tarifa > 0 and l.valor > 0;
  perform kc_envios_somar_juntos(array(select x.pagador from unnest(v_pagadores, v_itens) as x(pagador, e)
                                        where (x.e->'politica'->>'nos_limites')::boolean),
                                 array(select x.total from unnest(v_totais, v_itens) as x(total, e)
                                        where (x.e->'politica'->>'nos_limites')::boolean));
  insert into codigos_verificacao (sujeito_id, finalidade, user_id, telefone, codigo_hash, expira_em)
  select x.mov, x.c->>'finalidade', (x.e->'politica'->>'confirmador_id')::uuid, x.c->>'telefone',
         kc_codigo_hash(x.c->>'pepper', x.c->>'finalidade', x.mov, x.c->>'vinculo', x.c->>'codigo'), x.expira
    from (select y.mov, y.e, y.e->'codigo_parte' as c, y.expira
            from unnest(v_movs, v_itens, v_expiras) as y(mov, e, expira)) x
   where x.c is not null;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  select 'whatsapp', x.e->'codigo_parte'->>'telefone', x.e->'codigo_parte'->'mensagem'->>'template',
         x.e->'codigo_parte'->'mensagem'->'params', x.e->'codigo_parte'->'mensagem'->>'idioma',
         x.e->'codigo_parte'->'mensagem'->>'purpose', x.mov::text
    from unnest(v_movs, v_itens) with ordinality as x(mov, e, k)
   where x.e ? 'codigo_parte'
   order by x.k;
  insert into idempotency_keys (user_id, chave, request_hash, resposta)
  select x.pagador, x.e->>'chave', x.e->>'request_hash', x.resposta
    from unnest(v_pagadores, v_itens, v_respostas) as x(pagador, e, resposta)
   where x.e->>'chave' is not null;
  return (select jsonb_object_agg(x.n::text, x.resposta) from unnest(v_n, v_respostas) as x(n, resposta));
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

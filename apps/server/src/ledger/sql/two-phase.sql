-- The two-phase engine under every held movement: hold → post | void | expire. Each hold carries
-- the policy its operation chose (kc_reter): what confirms it (a code sent to the payer, or an
-- action by a named party: kc_confirmar), whether it counts in the payer's sending limits, and what
-- its expiry does (void or post: kc_vencer). Transfers and purchases are two uses of it (a code,
-- counted, voided at expiry); what is around a movement (finding the payee, pricing, stock, the
-- sale) stays in the functions of each kind, which kc_concluir and kc_desfazer call.
--
-- Lock order, which keeps every path deadlock-free:
--   1. the movement (then its code);
--   2. its sale, then the product (kc_travar_produtos: alone when it counts its stock, else shared);
--   3. accounts, in ascending id (a posting locks both of its accounts, a void its payer's);
--   4. the payer's running sending total of the day (limits.sql), only under the payer's lock.
-- A new hold locks only its payer's account (after the product, for a purchase). A path that
-- takes several movements (a batch of verifications, the sweeper) takes each level for all of them
-- before the next: every movement, then every sale and product, then every account, in order.

-- Moves money between two accounts and writes both ledger lines, each with the balance before
-- and after. p_retido: the debit comes out of the payer's hold (posting) rather than out of what
-- is available (the caller has checked that, under the same locks). The caller holds both
-- accounts' locks, taken in ascending id with every other account of the movement (the lock
-- order): taking them here again cost a query per leg.
-- p_em: the lines' time, read by the caller once for the whole movement, after every account of it
-- is locked (kc_instante_lancamento).
create or replace function kc_lancar(p_mov uuid, p_debito uuid, p_credito uuid, p_quantidade bigint, p_retido boolean,
                                     p_em timestamptz)
    returns void language plpgsql as $$
begin
  with novos as (
    update kreyolcash_contas
       set saldo_centis = saldo_centis + case when id = p_credito then p_quantidade else -p_quantidade end,
           reservado_centis = reservado_centis - case when id = p_debito and p_retido then p_quantidade else 0 end,
           atualizado_em = now()
     where id in (p_debito, p_credito)
    returning id, saldo_centis, case when id = p_credito then p_quantidade else -p_quantidade end as valor)
  insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis,
                                      saldo_posterior_centis, criado_em)
  select p_mov, id, valor, saldo_centis - valor, saldo_centis, p_em from novos order by valor;
end $$;

-- The time of a posting's lines: read once the posting holds every account it writes, not at its
-- transaction's start, so that an account's lines follow each other in time as in id and a day's
-- lines of a float are one unbroken run (ledger/reconciliation.ts), even for a transaction begun
-- before midnight; and one instant for all of a movement's lines (a batch's, for all of its
-- movements), so that no movement has lines on two days: the operator's day counts each line's
-- flow by its own time.
create or replace function kc_instante_lancamento() returns timestamptz language sql volatile as $$
  select clock_timestamp()
$$;

-- Transfers' and purchases' policy: a code to the payer, counted in the payer's limits, voided
-- at expiry (what a caller of their phases gets when it names none).
create or replace function kc_politica_codigo(p_validade_ms jsonb) returns jsonb language sql immutable as $$
  select jsonb_build_object('confirmador_id', null, 'nos_limites', true, 'posta_ao_expirar', false,
                            'validade_ms', p_validade_ms)
$$;

-- What a pending movement holds on its paying account: its legs' sum, or its amount when it has
-- one leg. A hold is its pending movement (migration 0028): nothing else records it.
create or replace function kc_retido(p_mov uuid, p_quantidade bigint) returns bigint language sql stable as $$
  select coalesce((select sum(quantidade_centis) from kreyolcash_pernas where movimentacao_id = p_mov),
                  p_quantidade)::bigint
$$;

-- When a hold made now for p_validade_ms expires. Its transaction's id is given out first, then
-- the clock is read: a hold that expires before a time the sweeper read belongs to a transaction
-- that had its id before the sweeper took its own, which is what the sweeper's position waits for
-- (expiry.sql).
create or replace function kc_vencimento(p_validade_ms bigint) returns timestamptz language plpgsql volatile as $$
begin
  perform pg_current_xact_id();
  return clock_timestamp() + make_interval(secs => p_validade_ms / 1000.0);
end $$;

-- Hold: sets the payer's money aside for a new pending movement, under the policy its operation
-- chose, stored on the movement (migration 0010):
--   politica: {confirmador_id (null: a code sent to the payer confirms it; otherwise the action of
--              this user), nos_limites (counted in the payer's sending limits and daily total),
--              posta_ao_expirar (its expiry posts it; false: voids it), validade_ms (when it expires)}
-- A code-confirmed hold stores its code's hash on its movement (codes.sql) and counts it in the
-- payer's code budget; a party-confirmed one has none. The freeze, the limits and the maximum
-- balance go by each account's owner (remetente_id must be the paying account's owner), a person's
-- account and an agent's alike: the freeze and the credited account's maximum balance apply to
-- every hold, the day's and month's sending only to a counted one.
-- With legs (p.pernas, more than one, leg 1 the movement's own), the payer pays every leg from the
-- same account: the hold, the limits and the day's total take their sum, the legs are stored with
-- the movement (migration 0011), and the post writes each (kc_postar).
-- p: {tipo, remetente_id, destinatario_id, conta_debito, conta_credito, quantidade_centis,
--     observacoes, limites, politica, pernas?,
--     codigo (code-confirmed only): {finalidade, codigo, pepper, max_codigos, janela_ms}}
-- Answers {ok, movimentacao_id, expira_em} or insufficient_balance / account_frozen / a limit
-- (limits.sql) / rate_limited.
create or replace function kc_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  v_total bigint := (p->>'quantidade_centis')::bigint;
  v_recebido bigint := (p->>'quantidade_centis')::bigint;
  v_debito uuid := (p->>'conta_debito')::uuid;
  v_remetente uuid := (p->>'remetente_id')::uuid;
  v_destinatario uuid := (p->>'destinatario_id')::uuid;
  v_politica jsonb := p->'politica';
  v_confirmador uuid := (v_politica->>'confirmador_id')::uuid;
  v_nos_limites boolean := (v_politica->>'nos_limites')::boolean;
  v_posta boolean := (v_politica->>'posta_ao_expirar')::boolean;
  v_mov uuid := kc_id_ordenado();
  v_expira timestamptz := now() + make_interval(secs => (v_politica->>'validade_ms')::bigint / 1000.0);
  v_dono uuid;
  v_recusa jsonb;
begin
  -- A hold without its whole policy is a caller's bug, never a default.
  if v_nos_limites is null or v_posta is null or not coalesce(v_expira > now(), false) then
    raise exception 'kc_reter: a hold needs its whole policy, got %', v_politica using errcode = '22023';
  end if;
  if p ? 'pernas' then
    select sum((x->>'quantidade_centis')::bigint),
           sum((x->>'quantidade_centis')::bigint) filter (where x->>'conta_credito' = p->>'conta_credito')
      into v_total, v_recebido
      from jsonb_array_elements(p->'pernas') x;
  end if;
  -- The hold is the balance check: one conditional update, which also takes the payer's lock.
  update kreyolcash_contas set reservado_centis = reservado_centis + v_total, atualizado_em = now()
   where id = v_debito and saldo_centis - reservado_centis >= v_total
  returning user_id into v_dono;
  if not found then
    -- A frozen owner is told so, whatever the balance.
    if exists (select 1 from kreyolcash_contas c join usuarios u on u.id = c.user_id
                where c.id = v_debito and u.congelado_em is not null) then
      return kc_erro('account_frozen');
    end if;
    return kc_erro('insufficient_balance');
  end if;
  if v_dono is distinct from v_remetente then
    raise exception 'kc_reter: the payer % is not the owner of account %', v_remetente, v_debito using errcode = '22023';
  end if;
  v_expira := kc_vencimento((v_politica->>'validade_ms')::bigint);
  -- The freeze and the level's limits are checked under that lock (limits.sql); a refusal gives
  -- the hold back in the same transaction.
  v_recusa := kc_limite_envio(p->'limites', v_dono, (p->>'conta_credito')::uuid, v_total, v_recebido, v_nos_limites);
  if v_recusa is not null then
    update kreyolcash_contas set reservado_centis = reservado_centis - v_total where id = v_debito;
    return v_recusa;
  end if;
  -- Codes per payer are counted under that lock, so concurrent requests cannot all slip under
  -- the limit; over it, the hold is given back in the same transaction.
  if v_confirmador is null and kc_codigos_no_limite(v_remetente, (p->'codigo'->>'max_codigos')::integer,
                                       (p->'codigo'->>'janela_ms')::bigint) then
    update kreyolcash_contas set reservado_centis = reservado_centis - v_total where id = v_debito;
    return kc_erro('rate_limited');
  end if;
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, expira_em,
                                        confirmador_id, nos_limites, posta_ao_expirar, codigo_hash)
  values (v_mov, p->>'tipo', 'pendente', v_remetente, v_destinatario, v_debito, (p->>'conta_credito')::uuid,
          v_quantidade, p->>'observacoes', v_expira, v_confirmador, v_nos_limites, v_posta,
          case when v_confirmador is null
               then kc_codigo_hash(p->'codigo'->>'pepper', p->'codigo'->>'finalidade', v_mov,
                                   kc_vinculo_dinheiro(v_remetente, v_destinatario, v_quantidade), p->'codigo'->>'codigo')
          end);
  if v_total <> v_quantidade then
    insert into kreyolcash_pernas (movimentacao_id, numero, conta_debito, conta_credito, quantidade_centis)
    select v_mov, n, (x->>'conta_debito')::uuid, (x->>'conta_credito')::uuid, (x->>'quantidade_centis')::bigint
      from jsonb_array_elements(p->'pernas') with ordinality as t(x, n);
  end if;
  -- Counted for the limits from the hold on, under the same lock (limits.sql).
  if v_nos_limites then perform kc_envios_somar(v_remetente, kc_dia_haiti(now()), v_total); end if;
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'expira_em', v_expira);
end $$;

-- The holds of a batch held as sets: what each paying account's items add (p_contas and
-- p_totais, one entry an item) set aside by one update. The balances were judged under the
-- caller's locks; checked again here, a caller that did not take them fails rather than holding
-- money an account does not have.
create or replace function kc_reter_juntas(p_contas uuid[], p_totais bigint[]) returns void language plpgsql as $$
declare v_contas integer;
begin
  update kreyolcash_contas k
     set reservado_centis = k.reservado_centis + x.total, atualizado_em = now()
    from (select id, sum(total)::bigint as total from unnest(p_contas, p_totais) as y(id, total) group by id) x
   where k.id = x.id and k.id = any(p_contas) and k.saldo_centis - k.reservado_centis >= x.total;
  get diagnostics v_contas = row_count;
  if v_contas <> (select count(distinct y) from unnest(p_contas) y) then
    raise exception 'kc_reter_juntas: a balance changed under the batch; were its accounts locked?'
      using errcode = '55000';
  end if;
end $$;

-- Whether a payer who sent p_hoje today and p_mes this month may send p_acumulado more (a batch's
-- items of theirs up to one, included) within their level's day's and month's sending.
create or replace function kc_lote_nos_limites(p_limites jsonb, p_pagador usuarios, p_hoje bigint, p_mes bigint,
                                               p_acumulado bigint) returns boolean language sql stable as $$
  select p_hoje + p_acumulado
           <= (p_limites->kc_nivel(p_pagador.telefone_verificado_em, p_pagador.documento_aprovado_em)::text
                        ->>'diario_centis')::bigint
     and p_mes + p_acumulado
           <= (p_limites->kc_nivel(p_pagador.telefone_verificado_em, p_pagador.documento_aprovado_em)::text
                        ->>'mensal_centis')::bigint
$$;

-- Whether a user may be sent a batch's code of theirs (p_ordem: its rank among the batch's codes to
-- them, every earlier one counted as sent) within p_max codes a window (none: no budget).
create or replace function kc_lote_codigos_cabem(p_usuario uuid, p_max integer, p_janela_ms bigint, p_ordem bigint)
    returns boolean language sql stable as $$
  select p_max <= 0
      or (p_max - p_ordem + 1 > 0 and not kc_codigos_no_limite(p_usuario, (p_max - p_ordem + 1)::integer, p_janela_ms))
$$;

-- Whether a batch's set path may hold an item for its payer in its turn (kc_reter's rules, for a
-- code-confirmed hold counted in the limits): the batch's limits and a whole policy of that kind, a
-- payer whose phone is proven and who is not frozen, paying from their own account, and, with the
-- payer's earlier items of the batch (p_acumulado: the running sum to this item's included; p_ordem:
-- this item's rank among the payer's), within the balance, the day's and month's sending and the
-- code budget. Null or false: the item is left to the one-by-one path, which names the refusal.
create or replace function kc_lote_pode_reter(p_e jsonb, p_politica jsonb, p_limites jsonb, p_pagador usuarios,
                                              p_conta kreyolcash_contas, p_hoje bigint, p_mes bigint,
                                              p_acumulado bigint, p_ordem bigint)
    returns boolean language plpgsql stable as $$
begin
  return p_e->'limites' = p_limites
     and p_politica->>'confirmador_id' is null and (p_politica->>'nos_limites')::boolean
     and not (p_politica->>'posta_ao_expirar')::boolean and (p_politica->>'validade_ms')::bigint > 0
     and p_pagador.telefone_verificado_em is not null and p_pagador.congelado_em is null
     and p_conta.user_id = p_pagador.id
     and p_conta.saldo_centis - p_conta.reservado_centis >= p_acumulado
     and kc_lote_nos_limites(p_limites, p_pagador, p_hoje, p_mes, p_acumulado)
     and kc_lote_codigos_cabem(p_pagador.id, (p_e->>'max_codigos')::integer, (p_e->>'janela_ms')::bigint, p_ordem);
end $$;

-- Post: the held money goes to the payee. The movement is locked by the caller. Under its
-- accounts' locks, a paying account whose owner is frozen (account_frozen) or a credited account
-- it would take past its owner's level's maximum balance (balance_limit_reached) is refused:
-- nothing moves, and the caller voids the hold (or keeps it). A hold larger than the movement's
-- amount was held with legs: every leg's accounts are locked together and each leg is written.
create or replace function kc_postar(p_mov uuid, p_debito uuid, p_credito uuid, p_quantidade bigint, p_limites jsonb)
    returns jsonb language plpgsql as $$
declare
  v_recusa jsonb;
  v_pernas jsonb;
  v_perna jsonb;
  v_em timestamptz;
begin
  select jsonb_agg(jsonb_build_object('conta_debito', conta_debito, 'conta_credito', conta_credito,
                                      'quantidade_centis', quantidade_centis) order by numero)
    into v_pernas from kreyolcash_pernas where movimentacao_id = p_mov;
  if v_pernas is not null then
    perform kc_travar_pernas(v_pernas);
  else
    perform 1 from kreyolcash_contas where id in (p_debito, p_credito) order by id for no key update;
  end if;
  if exists (select 1 from kreyolcash_contas c join usuarios u on u.id = c.user_id
              where c.id = p_debito and u.congelado_em is not null) then
    v_recusa := kc_erro('account_frozen');
  elsif v_pernas is null then
    v_recusa := kc_limite_recebimento(p_limites, p_credito, p_quantidade);
  else
    v_recusa := kc_limite_recebimento_pernas(p_limites, v_pernas);
  end if;
  if v_recusa is not null then return v_recusa; end if;
  v_em := kc_instante_lancamento();
  if v_pernas is null then
    perform kc_lancar(p_mov, p_debito, p_credito, p_quantidade, true, v_em);
  else
    for v_perna in select value from jsonb_array_elements(v_pernas) loop
      perform kc_lancar(p_mov, (v_perna->>'conta_debito')::uuid, (v_perna->>'conta_credito')::uuid,
                        (v_perna->>'quantidade_centis')::bigint, true, v_em);
    end loop;
  end if;
  update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = p_mov;
  return null;
end $$;

-- Whether each account credited by a movement's legs may receive all it gets from them (its
-- owner's level's maximum balance, each account once); null when every one may.
create or replace function kc_limite_recebimento_pernas(p_limites jsonb, p_pernas jsonb)
    returns jsonb language plpgsql as $$
declare
  v_recusa jsonb;
  v_credito record;
begin
  for v_credito in select (x->>'conta_credito')::uuid as conta, sum((x->>'quantidade_centis')::bigint)::bigint as valor
                     from jsonb_array_elements(p_pernas) x group by 1 order by 1 loop
    v_recusa := kc_limite_recebimento(p_limites, v_credito.conta, v_credito.valor);
    if v_recusa is not null then return v_recusa; end if;
  end loop;
  return null;
end $$;

-- Each movement's legs, in the order of p_movs: its stored legs (migration 0011) when it has them,
-- otherwise the movement itself, its one leg.
create or replace function kc_pernas_dos_movimentos(p_movs uuid[])
    returns table (movimentacao_id uuid, ordem bigint, numero smallint, conta_debito uuid, conta_credito uuid,
                   quantidade_centis bigint) language sql stable as $$
  select m.id, o.ordem, coalesce(pe.numero, 1::smallint), coalesce(pe.conta_debito, m.conta_debito),
         coalesce(pe.conta_credito, m.conta_credito), coalesce(pe.quantidade_centis, m.quantidade_centis)
    from unnest(p_movs) with ordinality as o(id, ordem)
    join kreyolcash_movimentacoes m on m.id = o.id
    left join kreyolcash_pernas pe on pe.movimentacao_id = m.id
$$;

-- Posts a batch's held movements (p_movs: distinct, in the batch's order) as sets: one update of
-- every account they touch, one insert of all their lines, one update of the movements (which
-- ends their holds). The result is what kc_postar would leave posting them one after another: each
-- line has the balance before and after it, in that order, and an account's lines follow each
-- other in id and in time. The caller has locked the movements and every account of their legs
-- (the lock order) and checked what confirms them. A movement kc_postar might refuse is left held
-- for the caller's one-by-one path, which then says why: a frozen payer, or a credit that the
-- batch's credits to that account up to it could take past the account's maximum balance (debits
-- left out, so the check errs only toward the one-by-one path). Answers the ids posted, in order.
create or replace function kc_postar_lote(p_movs uuid[], p_limites jsonb) returns uuid[] language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_barrados uuid[];
  v_postados uuid[];
  v_contas uuid[];
  v_em timestamptz := kc_instante_lancamento();
begin
  perform kc_limites_exigidos(p_limites);
  select coalesce(array_agg(b.id), '{}') into v_barrados from (
    select m.id from kreyolcash_movimentacoes m
      join kreyolcash_contas d on d.id = m.conta_debito
      join usuarios u on u.id = d.user_id
     where m.id = any(p_movs) and u.congelado_em is not null
    union all
    select c.movimentacao_id
      from (select p.movimentacao_id, p.conta_credito,
                   sum(p.quantidade_centis) over (partition by p.conta_credito order by p.ordem, p.numero) as acumulado
              from kc_pernas_dos_movimentos(p_movs) p) c
      -- offset 0: read by the credited account's key (inlined, the generic plan walked every
      -- person's account for each batch).
      cross join lateral (select * from kc_saldo_maximo(p_limites, c.conta_credito) offset 0) s
     where s.saldo_centis + c.acumulado > s.maximo_centis) b;
  select coalesce(array_agg(m.id order by array_position(p_movs, m.id)), '{}') into v_postados
    from kreyolcash_movimentacoes m
   where m.id = any(p_movs) and m.status = 'pendente' and m.id <> all(v_barrados);
  if cardinality(v_postados) = 0 then return v_postados; end if;
  v_contas := array(select unnest(array[p.conta_debito, p.conta_credito]) from kc_pernas_dos_movimentos(v_postados) p);
  with pernas as (select * from kc_pernas_dos_movimentos(v_postados)),
  linhas as (
    select p.movimentacao_id, p.ordem, p.numero, 0 as lado, p.conta_debito as conta, -p.quantidade_centis as valor
      from pernas p
    union all
    select p.movimentacao_id, p.ordem, p.numero, 1, p.conta_credito, p.quantidade_centis
      from pernas p),
  contas as (
    -- A held leg is paid out of its payer's hold (kc_lancar with p_retido).
    update kreyolcash_contas k
       set saldo_centis = k.saldo_centis + t.valor, reservado_centis = k.reservado_centis - t.retido,
           atualizado_em = now()
      from (select conta, sum(valor)::bigint as valor, coalesce(sum(-valor) filter (where lado = 0), 0)::bigint as retido
              from linhas group by conta) t
     where k.id = t.conta and k.id = any(v_contas)
    returning k.id, k.saldo_centis - t.valor as inicial)
  -- One time for every line of the batch, read under all of its accounts' locks (kc_instante_lancamento).
  insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis,
                                      saldo_posterior_centis, criado_em)
  select movimentacao_id, conta, valor, posterior - valor, posterior, v_em
    from (select l.movimentacao_id, l.conta, l.valor,
                 c.inicial + sum(l.valor) over (partition by l.conta order by l.ordem, l.numero, l.lado) as posterior
            from linhas l join contas c on c.id = l.conta
           order by l.ordem, l.numero, l.lado) s;
  update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = any(v_postados);
  return v_postados;
end $$;

-- Void or expire: the hold is released and the movement ends without moving money. The movement
-- is locked by the caller. p_status: 'cancelada' or 'expirada'.
create or replace function kc_anular(p_mov uuid, p_status text) returns void language plpgsql as $$
declare
  v record;
  v_retido bigint;
begin
  -- What it holds, while it is pending (the hold is the pending movement).
  select kc_retido(id, quantidade_centis) into v_retido from kreyolcash_movimentacoes
   where id = p_mov and status = 'pendente';
  update kreyolcash_movimentacoes set status = p_status, concluido_em = now() where id = p_mov
  returning remetente_id, conta_debito, criado_em, nos_limites into v;
  update kreyolcash_contas set reservado_centis = reservado_centis - v_retido, atualizado_em = now()
   where id = v.conta_debito and v_retido is not null;
  -- No longer counted for the limits (what was held, its legs' sum), on the day it was counted in
  -- (the payer's account is locked above, as at the hold).
  if v.nos_limites and v_retido is not null then
    perform kc_envios_devolver(v.remetente_id, kc_dia_haiti(v.criado_em), v_retido);
  end if;
  -- Only the payer: nothing reached the payee, who never saw the hold (events.sql).
  if v.remetente_id is not null then perform kc_notificar('transaction', array[v.remetente_id], p_mov); end if;
end $$;

-- Posts a held movement the caller has locked (m: its row, read under that lock), with what its
-- kind has around it: a purchase's sale and product are locked before the accounts (the lock
-- order) and completed with it (purchases.sql), an agent's cash-in or cash-out receipted (agents.sql);
-- a transfer's and a purchase's "done" notices are derived once it commits (notices.sql). A refusal
-- under the accounts' locks (a frozen payer, a payee past its maximum balance) voids it instead,
-- as p_status_recusa ('cancelada' when someone confirmed it, 'expirada' at its expiry; null: it
-- stays held, for a dispute's decision), and is answered; null when posted.
create or replace function kc_concluir(m kreyolcash_movimentacoes, p_limites jsonb, p_status_recusa text)
    returns jsonb language plpgsql as $$
declare
  v_venda vendas;
  v_recusa jsonb;
begin
  if m.tipo = 'compra' then
    select * into v_venda from vendas where movimentacao_id = m.id for no key update;
    perform kc_travar_produtos(array[v_venda.produto_id]);
  end if;
  v_recusa := kc_postar(m.id, m.conta_debito, m.conta_credito, m.quantidade_centis, p_limites);
  if v_recusa is not null then
    if p_status_recusa is not null then perform kc_desfazer(m.id, m.tipo, p_status_recusa); end if;
    return v_recusa;
  end if;
  if v_venda.id is not null then perform kc_compra_concluir(v_venda); end if;
  return null;
end $$;

-- Voids a held movement the caller has locked, with its sale and stock when it has one.
create or replace function kc_desfazer(p_mov uuid, p_tipo text, p_status text) returns void language plpgsql as $$
declare v_venda uuid;
begin
  if p_tipo = 'compra' then
    select id into v_venda from vendas where movimentacao_id = p_mov;
    if found then
      perform kc_compra_anular(v_venda, p_status);
      return;
    end if;
  end if;
  perform kc_anular(p_mov, p_status);
end $$;

-- A held movement past its time, locked by the caller: what its policy says its expiry does.
-- Answers the posting's refusal (the movement is then voided), or null.
create or replace function kc_vencer(p_mov uuid, p_limites jsonb) returns jsonb language plpgsql as $$
declare m kreyolcash_movimentacoes;
begin
  select * into m from kreyolcash_movimentacoes where id = p_mov;
  if m.posta_ao_expirar then return kc_concluir(m, p_limites, 'expirada'); end if;
  perform kc_desfazer(m.id, m.tipo, 'expirada');
  return null;
end $$;

-- Whether a held movement is under an open dispute (reports.sql), which alone may then end it.
create or replace function kc_em_disputa(p_mov uuid) returns boolean language sql stable as $$
  select exists (select 1 from reclamacoes where movimentacao_id = p_mov and status = 'aberta')
$$;

-- A party-confirmed hold, confirmed by its party (the caller has checked who is acting): posts it.
-- Anyone else is refused (not_confirming_party), and so is a code-confirmed hold, which only its
-- code posts. Past its time, it ends as its expiry says. Under an open dispute it waits for the
-- dispute's decision (transaction_in_dispute). A party that proves itself with a code sent to it
-- (an agent's cash-in) gives it here: a wrong one costs an attempt and posts nothing, a right one
-- is spent with the post, a late one is code_expired (the sweeper voids the hold), and none at
-- all is invalid_codes.
-- p: {movimentacao_id, confirmador_id, limites,
--     codigo?: {finalidade, vinculo, codigo, pepper, max_tentativas}}.
-- Answers {ok, movimentacao_id, usuarios}.
create or replace function kc_confirmar(p jsonb) returns jsonb language plpgsql as $$
declare
  m kreyolcash_movimentacoes;
  v_recusa jsonb;
begin
  select * into m from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid for no key update;
  if not found then return kc_erro('transaction_not_found'); end if;
  -- A code-confirmed hold has no party: only its own flow posts it, with its code (codes.sql).
  if m.confirmador_id is null or m.confirmador_id is distinct from (p->>'confirmador_id')::uuid then
    return kc_erro('not_confirming_party');
  end if;
  if m.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', m.status)); end if;
  if kc_em_disputa(m.id) then return kc_erro('transaction_in_dispute'); end if;
  if p ? 'codigo' then
    v_recusa := kc_codigo_conferir(m.id, p->'codigo'->>'finalidade', p->'codigo'->>'vinculo', p->'codigo'->>'codigo',
                                   p->'codigo'->>'pepper', (p->'codigo'->>'max_tentativas')::integer);
    if v_recusa is not null then return v_recusa; end if;
  elsif exists (select 1 from codigos_verificacao where sujeito_id = m.id) then
    -- Its party was sent a code: only that code confirms it.
    return kc_erro('invalid_codes');
  end if;
  if m.expira_em <= now() and not m.posta_ao_expirar then
    perform kc_desfazer(m.id, m.tipo, 'expirada');
    return kc_erro('transaction_not_pending', '{"status": "expirada"}'::jsonb);
  end if;
  v_recusa := kc_concluir(m, p->'limites', 'cancelada');
  if v_recusa is not null then return v_recusa; end if;
  return jsonb_build_object('ok', true, 'movimentacao_id', m.id,
                            'usuarios', to_jsonb(array_remove(array[m.remetente_id, m.destinatario_id], null)));
end $$;

-- Locks, in ascending id, every account of the pending movements of a kind (null: of any kind)
-- among these (their own two and their stored legs'): what a batch of posts takes before its first
-- item (the lock order).
create or replace function kc_travar_contas_pendentes(p_movs uuid[], p_tipo text) returns void language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
begin
  perform 1 from kreyolcash_contas
   where id = any(array(select c from kreyolcash_movimentacoes m
                          left join kreyolcash_pernas pe on pe.movimentacao_id = m.id
                         cross join unnest(array[m.conta_debito, m.conta_credito, pe.conta_debito, pe.conta_credito]) c
                         where m.id = any(p_movs) and (p_tipo is null or m.tipo = p_tipo) and m.status = 'pendente'
                           and c is not null))
   order by id for no key update;
end $$;

-- A batch of party confirmations (kc_confirmar's items, p: {itens: [...]}) in one transaction: every
-- movement named, then the sales and products of those that are purchases, then every account of
-- the pending ones' legs are locked first, each set in order (the lock order). A movement whose
-- first item in the batch kc_confirmar would post (kc_confirmacoes_certas) is posted with the others
-- like it as sets (kc_postar_lote), its party's code spent; the rest run kc_confirmar one by one
-- after them, in the batch's order: a refusal and what follows it for that movement, a purchase, a
-- posting the set path leaves to it. Answers a jsonb array in the items' order, the answers those
-- items get run alone (in another order only where a payee's maximum balance decides between them).
create or replace function kc_confirmacoes(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
declare
  i record;
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_ids uuid[] := array(select (e->>'movimentacao_id')::uuid from jsonb_array_elements(p->'itens') e);
  v_certas record;
  v_postados uuid[] := '{}';
  v_postas jsonb := '{}';
  v_k integer;
begin
  perform 1 from kreyolcash_movimentacoes where id = any(v_ids) order by id for no key update;
  perform kc_travar_vendas(array(select v.id from vendas v where v.movimentacao_id = any(v_ids)), '{}');
  -- The parties' codes are their movements' (sujeito_id), read under the movements' locks.
  select * into v_certas from kc_confirmacoes_certas(p);
  perform kc_travar_contas_pendentes(v_ids, null);
  if cardinality(v_certas.movs) > 0 then
    v_postados := kc_postar_lote(v_certas.movs, p->'itens'->0->'limites');
    update codigos_verificacao c set usado_em = now()
      from unnest(v_certas.movs, v_certas.finalidades) as x(mov, finalidade)
     where c.sujeito_id = x.mov and c.finalidade = x.finalidade and x.mov = any(v_postados);
    -- kc_confirmar's answer for each, read once for all of them.
    v_postas := (select jsonb_object_agg(m.id::text, jsonb_build_object('ok', true, 'movimentacao_id', m.id, 'usuarios',
                                           to_jsonb(array_remove(array[m.remetente_id, m.destinatario_id], null))))
                   from kreyolcash_movimentacoes m where m.id = any(v_postados));
  end if;
  for i in select e, n, (e->>'movimentacao_id')::uuid as mov from jsonb_array_elements(p->'itens') with ordinality as t(e, n)
            order by n
  loop
    v_k := array_position(v_certas.movs, i.mov);
    if v_k is not null and v_certas.itens[v_k] = i.n and v_postas ? i.mov::text then
      v_respostas[i.n] := v_postas->(i.mov::text);
    else
      v_respostas[i.n] := kc_confirmar(i.e);
    end if;
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- The movements of a batch of confirmations that kc_confirmar would post on their first item in the
-- batch (movs, in the batch's order, with that item's number and its code's purpose): pending,
-- confirmed by the party named, not a purchase, under no open dispute, not expired, the batch's
-- limits, and either the party's right code (kc_codigo_vale: unspent, in time, within its attempts)
-- or no code asked and none sent. Every other movement is left to kc_confirmar, which names why.
create or replace function kc_confirmacoes_certas(p jsonb, out movs uuid[], out itens bigint[], out finalidades text[])
    language plpgsql stable
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
begin
  select coalesce(array_agg(f.mov order by f.n), '{}'), coalesce(array_agg(f.n order by f.n), '{}'),
         coalesce(array_agg(f.e->'codigo'->>'finalidade' order by f.n), '{}')
    into movs, itens, finalidades
    from (select distinct on ((x.e->>'movimentacao_id')::uuid) (x.e->>'movimentacao_id')::uuid as mov, x.n, x.e
            from jsonb_array_elements(p->'itens') with ordinality as x(e, n)
           order by (x.e->>'movimentacao_id')::uuid, x.n) f
    join kreyolcash_movimentacoes m on m.id = f.mov
    left join codigos_verificacao c on c.sujeito_id = m.id and c.finalidade = f.e->'codigo'->>'finalidade'
   where m.status = 'pendente' and m.confirmador_id = (f.e->>'confirmador_id')::uuid and m.tipo <> 'compra'
     and f.e->'limites' = p->'itens'->0->'limites' and m.expira_em > now() and not kc_em_disputa(m.id)
     and case when f.e ? 'codigo'
              then coalesce(kc_codigo_vale(c, f.e->'codigo'->>'vinculo', f.e->'codigo'->>'codigo',
                                           f.e->'codigo'->>'pepper', (f.e->'codigo'->>'max_tentativas')::integer), false)
              else not exists (select 1 from codigos_verificacao k where k.sujeito_id = m.id) end;
end $$;

-- Locks every account of a movement's legs together, in ascending id (the lock order).
-- p_pernas: [{conta_debito, conta_credito, quantidade_centis}, …].
create or replace function kc_travar_pernas(p_pernas jsonb) returns void language sql as $$
  select 1 from kreyolcash_contas
   where id in (select (x->>'conta_debito')::uuid from jsonb_array_elements(p_pernas) x
                union select (x->>'conta_credito')::uuid from jsonb_array_elements(p_pernas) x)
   order by id for no key update
$$;

-- Writes every leg's two lines, each leg as kc_lancar writes one, after locking all the legs'
-- accounts together (so no leg takes a lock out of order).
create or replace function kc_lancar_pernas(p_mov uuid, p_pernas jsonb) returns void language plpgsql as $$
declare
  x jsonb;
  v_em timestamptz;
begin
  perform kc_travar_pernas(p_pernas);
  v_em := kc_instante_lancamento();
  for x in select value from jsonb_array_elements(p_pernas) loop
    perform kc_lancar(p_mov, (x->>'conta_debito')::uuid, (x->>'conta_credito')::uuid, (x->>'quantidade_centis')::bigint,
                      false, v_em);
  end loop;
end $$;

-- A movement posted at once, without a hold (issuance, reversal, adjustment, a payment with its
-- fees). The caller has locked and checked what must be checked; the accounts are locked here in
-- ascending order. With p.pernas (more than one), the movement's own accounts and amount are its
-- leg 1 and every leg is stored (migration 0011); without, the movement is its own single leg.
create or replace function kc_movimento_imediato(p jsonb) returns uuid language plpgsql as $$
declare v_mov uuid := kc_id_ordenado();
begin
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, referente_a, motivo, ator, concluido_em)
  values (v_mov, p->>'tipo', 'concluida', (p->>'remetente_id')::uuid, (p->>'destinatario_id')::uuid,
          (p->>'conta_debito')::uuid, (p->>'conta_credito')::uuid, (p->>'quantidade_centis')::bigint,
          p->>'observacoes', (p->>'referente_a')::uuid, p->>'motivo', p->>'ator', now());
  if jsonb_array_length(coalesce(p->'pernas', '[]')) > 1 then
    insert into kreyolcash_pernas (movimentacao_id, numero, conta_debito, conta_credito, quantidade_centis)
    select v_mov, n, (x->>'conta_debito')::uuid, (x->>'conta_credito')::uuid, (x->>'quantidade_centis')::bigint
      from jsonb_array_elements(p->'pernas') with ordinality as t(x, n);
    perform kc_lancar_pernas(v_mov, p->'pernas');
  else
    -- The movement is its own single leg: locked and written as every leg is.
    perform kc_lancar_pernas(v_mov, jsonb_build_array(p));
  end if;
  return v_mov;
end $$;

-- What an account can spend now, read under its lock.
create or replace function kc_disponivel(p_conta uuid) returns bigint language sql stable as $$
  select saldo_centis - reservado_centis from kreyolcash_contas where id = p_conta
$$;

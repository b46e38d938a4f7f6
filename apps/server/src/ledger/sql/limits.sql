-- Limits by verification level, checked by the two-phase engine (two-phase.sql) under
-- the locks of the balances they protect. The limits come from the server's configuration with
-- each call, as jsonb by level: {"0": {por_transferencia_centis, diario_centis, mensal_centis,
-- saldo_max_centis}, "1": {…}, "2": {…}}.
--   sending  — a transfer above its level's per-transfer limit is refused; at the hold, under the
--              payer's account lock, a frozen account sends nothing, and what would take the day's
--              or the month's sending (the holds that count in it, pending or posted: transfers
--              and purchases) past its limit is refused. What was sent is a running total per
--              payer and Haiti day, kept by the engine (two-phase.sql: the hold adds, a void or an
--              expiry takes back);
--   receiving — at the post, under both accounts' locks: a payment that would take the payee past
--              its level's maximum balance is refused (and its hold voided by the caller). The hold
--              checks it too, without the payee's lock, so a payer is not sent a code in vain.
-- Issuance, referral bonuses, reversals and operator adjustments are not limited.

-- 0: e-mail confirmed; 1: phone proven; 2: document approved and phone proven.
create or replace function kc_nivel(p_telefone_verificado timestamptz, p_documento_aprovado timestamptz)
    returns integer language sql immutable as $$
  select case when p_telefone_verificado is null then 0 when p_documento_aprovado is null then 1 else 2 end
$$;

-- The Haiti calendar day of a moment: the day a limit counts a movement in.
create or replace function kc_dia_haiti(p_momento timestamptz) returns date language sql stable as $$
  select (p_momento at time zone 'America/Port-au-Prince')::date
$$;

-- What a payer has sent today and this month (transfers and purchases, pending or posted), read
-- from its running totals by day (kreyolcash_envios_diarios, at most 31 rows): the same cost on
-- the month's last hold as on its first. Declared as a table (one row) so that PostgreSQL inlines
-- it where it is read from: a SQL function that returns a plain record is planned again on every
-- call (~50 µs, more than the read itself).
create or replace function kc_envios_usados(p_usuario uuid) returns table (hoje_centis bigint, mes_centis bigint)
    language sql stable as $$
  select coalesce(sum(enviado_centis) filter (where dia = kc_dia_haiti(now())), 0)::bigint,
         coalesce(sum(enviado_centis), 0)::bigint
    from kreyolcash_envios_diarios
   where usuario_id = p_usuario and dia >= date_trunc('month', kc_dia_haiti(now()))::date
$$;

-- Adds p_quantidade to what p_usuario sent on p_dia (the hold), or takes it back (a void or an
-- expiry: the row exists since its hold). Called by the two-phase engine under the payer's account
-- lock, so each payer's totals change one at a time. PL/pgSQL, not SQL: a SQL function that writes
-- is planned again in each transaction, a PL/pgSQL one keeps its plan for the connection. An
-- update first, the insert only for the day's first: an upsert that finds the row locks it, a
-- record in the WAL of its own, before it updates it.
create or replace function kc_envios_somar(p_usuario uuid, p_dia date, p_quantidade bigint)
    returns void language plpgsql as $$
begin
  update kreyolcash_envios_diarios set enviado_centis = enviado_centis + p_quantidade
   where usuario_id = p_usuario and dia = p_dia;
  if not found then
    insert into kreyolcash_envios_diarios as e (usuario_id, dia, enviado_centis)
    values (p_usuario, p_dia, p_quantidade)
    on conflict (usuario_id, dia) do update set enviado_centis = e.enviado_centis + excluded.enviado_centis;
  end if;
end $$;

-- The same for a batch of holds held as sets: what each payer's items add (p_usuarios and
-- p_quantidades, one entry an item), one statement for the whole batch, under the payers' locks.
create or replace function kc_envios_somar_juntos(p_usuarios uuid[], p_quantidades bigint[])
    returns void language plpgsql as $$
begin
  with somas as (
    select x.usuario, sum(x.quantidade)::bigint as total
      from unnest(p_usuarios, p_quantidades) as x(usuario, quantidade) group by x.usuario
  ), somados as (
    update kreyolcash_envios_diarios d set enviado_centis = d.enviado_centis + s.total
      from somas s where d.usuario_id = s.usuario and d.dia = kc_dia_haiti(now())
    returning d.usuario_id
  )
  insert into kreyolcash_envios_diarios as d (usuario_id, dia, enviado_centis)
  select s.usuario, kc_dia_haiti(now()), s.total from somas s
   where not exists (select 1 from somados u where u.usuario_id = s.usuario)
  on conflict (usuario_id, dia) do update set enviado_centis = d.enviado_centis + excluded.enviado_centis;
end $$;

create or replace function kc_envios_devolver(p_usuario uuid, p_dia date, p_quantidade bigint)
    returns void language plpgsql as $$
begin
  update kreyolcash_envios_diarios set enviado_centis = enviado_centis - p_quantidade
   where usuario_id = p_usuario and dia = p_dia;
end $$;

-- A caller that forgot the limits is a bug, never "no limit".
create or replace function kc_limites_exigidos(p_limites jsonb) returns void language plpgsql immutable as $$
begin
  if p_limites is null or p_limites->'0' is null or p_limites->'1' is null or p_limites->'2' is null then
    raise exception 'kc: the limits of each verification level are required';
  end if;
end $$;

-- A limit refusal, with what the client shows: the limit and what is already used.
create or replace function kc_erro_limite(p_codigo text, p_nivel integer, p_limite bigint, p_usado bigint)
    returns jsonb language sql immutable as $$
  select kc_erro(p_codigo, jsonb_build_object('nivel', p_nivel, 'limite_centis', p_limite, 'usado_centis', p_usado))
$$;

-- Whether the account p_conta may receive p_quantidade more; null when it may. The maximum balance
-- is its owner's level's, for a person's own account. An agent's float is a shop's till: cash-outs
-- fill it and only finance's approved issuances add to it, so it has no personal maximum (a
-- level-2 person's ₭10 000 could not take one ₭75 000 cash-out); like a system account, it is
-- bounded by the ceiling only. Read without the account's lock at the hold; the post calls it
-- again under that lock.
create or replace function kc_limite_recebimento(p_limites jsonb, p_conta uuid, p_quantidade bigint)
    returns jsonb language plpgsql as $$
declare v record;
begin
  perform kc_limites_exigidos(p_limites);
  select * into v from kc_saldo_maximo(p_limites, p_conta);
  if not found then return null; end if;
  if v.saldo_centis + p_quantidade > v.maximo_centis then
    return kc_erro_limite('balance_limit_reached', v.nivel, v.maximo_centis, v.saldo_centis);
  end if;
  return null;
end $$;

-- The maximum balance of an account that has one (see above): its balance, its owner's level and
-- that level's maximum; no row for any other account. A SQL table function, so that a caller's
-- query takes it in (a batch of postings reads every credited account's at once).
create or replace function kc_saldo_maximo(p_limites jsonb, p_conta uuid)
    returns table (saldo_centis bigint, nivel integer, maximo_centis bigint) language sql stable as $$
  select c.saldo_centis, kc_nivel(u.telefone_verificado_em, u.documento_aprovado_em),
         (p_limites->(kc_nivel(u.telefone_verificado_em, u.documento_aprovado_em)::text)->>'saldo_max_centis')::bigint
    from kreyolcash_contas c join usuarios u on u.id = c.user_id
   where c.id = p_conta and c.tipo = 'usuario'
$$;

-- Whether one transfer of p_quantidade is within the per-transfer limit of the payer's level; null
-- when it is. It depends on nothing that parallel calls change, so it needs no lock and comes
-- before the balance. Levels 0 and 1 get the spec's max_amount_error (₭100), level 2
-- transfer_limit_exceeded.
create or replace function kc_limite_por_transferencia(p_limites jsonb, p_nivel integer, p_quantidade bigint)
    returns jsonb language plpgsql as $$
declare v_limite bigint := (p_limites->(p_nivel::text)->>'por_transferencia_centis')::bigint;
begin
  perform kc_limites_exigidos(p_limites);
  if p_quantidade <= v_limite then return null; end if;
  if p_nivel < 2 then return kc_erro('max_amount_error'); end if;
  return kc_erro_limite('transfer_limit_exceeded', p_nivel, v_limite, 0);
end $$;

-- Whether the payer (p_pagador: the owner of the paying account) may send p_quantidade now, of
-- which the account p_conta_credito receives p_recebido (the rest goes to a held movement's other
-- legs, checked at its post); null when it may. The caller holds the paying account's lock, which
-- every hold from it takes first, so parallel holds are counted one after the other and cannot
-- pass a limit together. A frozen owner sends nothing and the credited account's maximum balance
-- holds whatever the hold's policy; the day's and month's sending only bind a hold that counts in
-- them (p_nos_limites: transfers and purchases).
create or replace function kc_limite_envio(p_limites jsonb, p_pagador uuid, p_conta_credito uuid, p_quantidade bigint,
                                           p_recebido bigint, p_nos_limites boolean)
    returns jsonb language plpgsql as $$
declare
  u record;
  v_limites jsonb;
  v_uso record;
  v_limite bigint;
begin
  perform kc_limites_exigidos(p_limites);
  select congelado_em, kc_nivel(telefone_verificado_em, documento_aprovado_em) as nivel into u
    from usuarios where id = p_pagador;
  if u.congelado_em is not null then return kc_erro('account_frozen'); end if;
  if not p_nos_limites then return kc_limite_recebimento(p_limites, p_conta_credito, p_recebido); end if;
  v_limites := p_limites->(u.nivel::text);
  select * into v_uso from kc_envios_usados(p_pagador);
  v_limite := (v_limites->>'diario_centis')::bigint;
  if v_uso.hoje_centis + p_quantidade > v_limite then
    return kc_erro_limite('daily_limit_reached', u.nivel, v_limite, v_uso.hoje_centis);
  end if;
  v_limite := (v_limites->>'mensal_centis')::bigint;
  if v_uso.mes_centis + p_quantidade > v_limite then
    return kc_erro_limite('monthly_limit_reached', u.nivel, v_limite, v_uso.mes_centis);
  end if;
  return kc_limite_recebimento(p_limites, p_conta_credito, p_recebido);
end $$;

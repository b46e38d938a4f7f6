-- One scheme for every 6-digit code: transfers, purchases and both steps of a phone change.
-- A code is stored only as a keyed hash bound to its purpose, its subject (the movement or the
-- phone change) and what it authorises (vinculo: who pays whom how much, or the phone). The pepper
-- lives in the server's configuration, so a copy of the database does not allow guessing codes
-- offline. Wrong attempts are counted on the code; resending replaces the code but keeps the
-- attempts and the expiry, so it never buys extra guesses or time.

-- Stable (not immutable): concat_ws is stable, and a stable SQL function is inlined.
create or replace function kc_codigo_hash(p_pepper text, p_finalidade text, p_sujeito uuid, p_vinculo text, p_codigo text)
    returns text language sql stable as $$
  select encode(sha256(convert_to(concat_ws(':', p_pepper, p_finalidade, p_sujeito, p_vinculo, p_codigo), 'UTF8')), 'hex')
$$;

create or replace function kc_vinculo_dinheiro(p_pagador uuid, p_recebedor uuid, p_quantidade bigint)
    returns text language sql immutable as $$
  select p_pagador::text || ':' || p_recebedor::text || ':' || p_quantidade::text
$$;

-- A movement's code (a transfer's, a purchase's) is deleted once spent: its movement, which
-- stays, records the spending, and a delete writes less than an update.
create or replace function kc_codigo_de_movimento(p_finalidade text) returns boolean language sql immutable as $$
  select p_finalidade in ('transfer', 'purchase')
$$;

-- Codes sent for one user within a window are limited (a limit of 0 means none: the ledger
-- benchmark measures the money path without this policy). Counting stops at the limit. A
-- movement's code is counted by its movement (a code-confirmed hold: confirmed by no party, with
-- an expiry, made in the code's transaction), since a spent one is gone; the others by their row.
-- PL/pgSQL: with its subqueries, a SQL function would not be inlined, and would be planned again
-- in each transaction of every hold.
create or replace function kc_codigos_no_limite(p_usuario uuid, p_max integer, p_janela_ms bigint)
    returns boolean language plpgsql stable as $$
declare
  v_desde timestamptz := now() - make_interval(secs => p_janela_ms / 1000.0);
  v_contados integer;
begin
  if p_max <= 0 then return false; end if;
  select count(*) into v_contados from (
    select 1 from kreyolcash_movimentacoes
     where remetente_id = p_usuario and criado_em > v_desde and confirmador_id is null and expira_em is not null
     limit p_max) movimentos;
  if v_contados >= p_max then return true; end if;
  return v_contados + (select count(*) from (
    select 1 from codigos_verificacao
     where user_id = p_usuario and criado_em > v_desde and not kc_codigo_de_movimento(finalidade)
     limit p_max - v_contados) avulsos) >= p_max;
end $$;

-- A new code row. p: {sujeito_id, finalidade, user_id, telefone, vinculo, codigo, pepper, expira_em}
-- PL/pgSQL: its insert's plan is kept for the connection (a SQL function that writes is planned
-- again in each transaction, and every hold writes a code).
create or replace function kc_codigo_gravar(p jsonb) returns void language plpgsql as $$
begin
  insert into codigos_verificacao (sujeito_id, finalidade, user_id, telefone, codigo_hash, expira_em)
  values ((p->>'sujeito_id')::uuid, p->>'finalidade', (p->>'user_id')::uuid, p->>'telefone',
          kc_codigo_hash(p->>'pepper', p->>'finalidade', (p->>'sujeito_id')::uuid, p->>'vinculo', p->>'codigo'),
          (p->>'expira_em')::timestamptz);
end $$;

-- Whether the code given is the row's, still unspent, in time and within its attempts: what spends
-- it. A batch of verifications checks its codes with it at once (transfers.sql).
create or replace function kc_codigo_vale(c codigos_verificacao, p_vinculo text, p_codigo text, p_pepper text,
                                          p_max_tentativas integer) returns boolean language sql stable as $$
  select c.usado_em is null and c.expira_em > now() and c.tentativas < p_max_tentativas
         and c.codigo_hash = kc_codigo_hash(p_pepper, c.finalidade, c.sujeito_id, p_vinculo, p_codigo)
$$;

-- Checks a code against its row, which the caller has locked. Null when right (the code is then
-- spent); otherwise the refusal, with the attempts left.
create or replace function kc_codigo_conferir(
    p_sujeito uuid, p_finalidade text, p_vinculo text, p_codigo text, p_pepper text, p_max_tentativas integer)
    returns jsonb language plpgsql as $$
declare
  c codigos_verificacao;
  v_tentativas integer;
begin
  select * into c from codigos_verificacao where sujeito_id = p_sujeito and finalidade = p_finalidade;
  if not found or c.usado_em is not null then return kc_erro('transaction_not_pending'); end if;
  if c.expira_em <= now() then return kc_erro('code_expired'); end if;
  if c.tentativas >= p_max_tentativas then return kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb); end if;
  if kc_codigo_vale(c, p_vinculo, p_codigo, p_pepper, p_max_tentativas) then
    if kc_codigo_de_movimento(p_finalidade) then
      delete from codigos_verificacao where sujeito_id = p_sujeito and finalidade = p_finalidade;
    else
      update codigos_verificacao set usado_em = now() where sujeito_id = p_sujeito and finalidade = p_finalidade;
    end if;
    return null;
  end if;
  v_tentativas := c.tentativas + 1;
  update codigos_verificacao set tentativas = v_tentativas where sujeito_id = p_sujeito and finalidade = p_finalidade;
  if v_tentativas >= p_max_tentativas then
    return kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb);
  end if;
  return kc_erro('invalid_codes', jsonb_build_object('tentativas_restantes', p_max_tentativas - v_tentativas));
end $$;

-- A new code for a live one: same attempts, same expiry, limited per phone within a window
-- (counted in the outbox, whatever sent them). Null when replaced; otherwise the refusal.
-- p: {sujeito_id, finalidade, vinculo, codigo, pepper, max_tentativas, max_por_telefone, janela_ms}
create or replace function kc_codigo_substituir(p jsonb) returns jsonb language plpgsql as $$
declare
  c record;
  v_enviados integer;
begin
  select sujeito_id, telefone, expira_em, tentativas, usado_em into c
    from codigos_verificacao where sujeito_id = (p->>'sujeito_id')::uuid and finalidade = p->>'finalidade' for no key update;
  if not found or c.usado_em is not null then return kc_erro('transaction_not_pending'); end if;
  if c.expira_em <= now() then return kc_erro('code_expired'); end if;
  if c.tentativas >= (p->>'max_tentativas')::integer then return kc_erro('code_attempts_exceeded'); end if;
  select count(*) into v_enviados from outbox_messages
   where recipient = c.telefone and purpose like '%_code'
     and created_at > now() - make_interval(secs => (p->>'janela_ms')::bigint / 1000.0);
  if v_enviados >= (p->>'max_por_telefone')::integer then return kc_erro('rate_limited'); end if;
  update codigos_verificacao
     set codigo_hash = kc_codigo_hash(p->>'pepper', p->>'finalidade', c.sujeito_id, p->>'vinculo', p->>'codigo')
   where sujeito_id = c.sujeito_id and finalidade = p->>'finalidade';
  return null;
end $$;

-- Codes whose subject is not a movement (both steps of a phone change and the proof of the sign-up
-- phone, 'telefone_cadastro'; for a phone change the subject is the
-- change, vinculo the phone the code is sent to, so a code sent to one number never confirms
-- another). The caller owns the subject and what a right code leads to; these functions own the
-- code, with the same hash, attempts, expiry and per-user limit as a movement's code.

-- A movement's code is stored with its hold and spent with its posting (two-phase.sql), never
-- alone: spending it here would leave money held on a code nobody can use. Passing one is a bug.
create or replace function kc_codigo_avulso(p_finalidade text) returns void language plpgsql immutable as $$
begin
  if p_finalidade is null
     or p_finalidade not in ('phone_change_current', 'phone_change_new', 'telefone_cadastro', 'deposito', 'saque') then
    raise exception 'kc_codigo: % is not a code without a movement', p_finalidade using errcode = '22023';
  end if;
end $$;

-- A new code; the per-user window counts every code the user was sent, movements' included, so
-- no path floods a phone. Answers {ok, expira_em}.
-- p: {sujeito_id, finalidade, user_id, telefone, vinculo, codigo, pepper, validade_ms, max_codigos, janela_ms}
create or replace function kc_codigo_emitir(p jsonb) returns jsonb language plpgsql as $$
declare
  v_expira timestamptz := now() + make_interval(secs => (p->>'validade_ms')::bigint / 1000.0);
begin
  perform kc_codigo_avulso(p->>'finalidade');
  if kc_codigos_no_limite((p->>'user_id')::uuid, (p->>'max_codigos')::integer, (p->>'janela_ms')::bigint) then
    return kc_erro('rate_limited');
  end if;
  perform kc_codigo_gravar(p || jsonb_build_object('expira_em', v_expira));
  return jsonb_build_object('ok', true, 'expira_em', v_expira);
end $$;

-- Checks a code and spends it when right. The row is locked first, in the ledger's one lock
-- mode, so concurrent answers are counted one at a time and a right code is spent once. Without
-- vinculo, the phone the code was sent to. Answers {ok} or kc_codigo_conferir's refusal.
-- p: {sujeito_id, finalidade, codigo, pepper, max_tentativas, vinculo?}
create or replace function kc_codigo_verificar(p jsonb) returns jsonb language plpgsql as $$
declare
  c record;
begin
  perform kc_codigo_avulso(p->>'finalidade');
  select telefone, usado_em into c from codigos_verificacao
   where sujeito_id = (p->>'sujeito_id')::uuid and finalidade = p->>'finalidade' for no key update;
  if not found or c.usado_em is not null then return kc_erro('phone_change_not_pending'); end if;
  return coalesce(
    kc_codigo_conferir((p->>'sujeito_id')::uuid, p->>'finalidade', coalesce(p->>'vinculo', c.telefone),
                       p->>'codigo', p->>'pepper', (p->>'max_tentativas')::integer),
    jsonb_build_object('ok', true));
end $$;

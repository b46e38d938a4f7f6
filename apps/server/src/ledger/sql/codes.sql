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

-- Codes sent for one user within a window are limited (a limit of 0 means none: the ledger
-- benchmark measures the money path without this policy). Counting stops at the limit.
create or replace function kc_codigos_no_limite(p_usuario uuid, p_max integer, p_janela_ms bigint)
    returns boolean language sql stable as $$
  select p_max > 0 and (select count(*) from (
    select 1 from codigos_verificacao
     where user_id = p_usuario and criado_em > now() - make_interval(secs => p_janela_ms / 1000.0)
     limit p_max) recentes) >= p_max
$$;

-- A new code row. p: {sujeito_id, finalidade, user_id, telefone, vinculo, codigo, pepper, expira_em}
create or replace function kc_codigo_gravar(p jsonb) returns void language sql as $$
  insert into codigos_verificacao (sujeito_id, finalidade, user_id, telefone, codigo_hash, expira_em)
  values ((p->>'sujeito_id')::uuid, p->>'finalidade', (p->>'user_id')::uuid, p->>'telefone',
          kc_codigo_hash(p->>'pepper', p->>'finalidade', (p->>'sujeito_id')::uuid, p->>'vinculo', p->>'codigo'),
          (p->>'expira_em')::timestamptz)
$$;

-- Checks a code against its row, which the caller has locked. Null when right (the code is then
-- spent); otherwise the refusal, with the attempts left.
create or replace function kc_codigo_conferir(
    p_sujeito uuid, p_finalidade text, p_vinculo text, p_codigo text, p_pepper text, p_max_tentativas integer)
    returns jsonb language plpgsql as $$
declare
  c record;
  v_tentativas integer;
begin
  select codigo_hash, expira_em, tentativas, usado_em into c
    from codigos_verificacao where sujeito_id = p_sujeito and finalidade = p_finalidade;
  if not found or c.usado_em is not null then return kc_erro('transaction_not_pending'); end if;
  if c.expira_em <= now() then return kc_erro('code_expired'); end if;
  if c.tentativas >= p_max_tentativas then return kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb); end if;
  if kc_codigo_hash(p_pepper, p_finalidade, p_sujeito, p_vinculo, p_codigo) = c.codigo_hash then
    update codigos_verificacao set usado_em = now() where sujeito_id = p_sujeito and finalidade = p_finalidade;
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

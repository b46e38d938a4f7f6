-- Idempotency-Key, Stripe's way: the first request with a key runs and its answer is kept; the
-- same key with the same body gets that answer again; with another body it is refused.
-- kc_idem_abrir returns null when the caller should run the request, or the answer to give; the
-- caller then runs it and hands its answer to kc_idem_fechar, in the same transaction.
-- The key's row is written once, with its answer, by kc_idem_fechar (one insert, where an insert
-- and then an update of the answer wrote twice). Until then a transaction-scoped advisory lock on
-- the key stands for the row: a concurrent twin waits on it, then reads the row its first
-- committed, and the key's primary key still refuses a second row whatever happens.

-- The key abrir found free is left, for fechar, in a setting of the transaction (kc.idem_aberta:
-- {usuario, chave, request_hash}), so its callers pass fechar what they passed before.
-- The advisory lock that stands for a key's row (a batch of initiations takes its keys' in order).
create or replace function kc_idem_trava(p_usuario uuid, p_chave text) returns bigint language sql immutable as $$
  select hashtextextended(p_usuario::text || '/' || p_chave, 7305121)
$$;

create or replace function kc_idem_abrir(p_usuario uuid, p_chave text, p_request_hash text) returns jsonb language plpgsql as $$
declare v_anterior record;
begin
  if p_chave is null then return null; end if;
  perform pg_advisory_xact_lock(kc_idem_trava(p_usuario, p_chave));
  select request_hash, resposta into v_anterior from idempotency_keys where user_id = p_usuario and chave = p_chave;
  if not found then
    perform set_config('kc.idem_aberta',
      jsonb_build_object('usuario', p_usuario, 'chave', p_chave, 'request_hash', p_request_hash)::text, true);
    return null;
  end if;
  if v_anterior.request_hash <> p_request_hash then return kc_erro('idempotency_key_reused'); end if;
  return coalesce(v_anterior.resposta || '{"replayed": true}'::jsonb, kc_erro('request_in_progress'));
end $$;

create or replace function kc_idem_fechar(p_usuario uuid, p_chave text, p_resposta jsonb) returns jsonb language plpgsql as $$
declare v_aberta jsonb;
begin
  if p_chave is not null then
    v_aberta := nullif(current_setting('kc.idem_aberta', true), '')::jsonb;
    if v_aberta is null or v_aberta->>'usuario' <> p_usuario::text or v_aberta->>'chave' <> p_chave then
      raise exception 'kc_idem_fechar: the key % was not opened in this transaction', p_chave using errcode = '22023';
    end if;
    -- A rate-limited request, or one refused until the payer's phone is proven, while the
    -- account is frozen, by a limit that time or the payee's spending lifts (limits.sql), or
    -- because the fee or the price is no longer the one the payer saw, did nothing: the same key
    -- may try again later (after a changed fee or price, with the new one shown), so nothing is kept.
    if coalesce(p_resposta->>'error', '') not in ('rate_limited', 'phone_not_verified', 'account_frozen',
                                                   'daily_limit_reached', 'monthly_limit_reached', 'balance_limit_reached',
                                                   'fee_changed', 'price_changed') then
      insert into idempotency_keys (user_id, chave, request_hash, resposta)
      values (p_usuario, p_chave, v_aberta->>'request_hash', p_resposta);
    end if;
  end if;
  return p_resposta;
end $$;

-- The same for operations the back office starts (reversals, adjustments): keyed by the key alone.
create or replace function kc_op_abrir(p_chave text, p_request_hash text) returns jsonb language plpgsql as $$
declare v_anterior record;
begin
  insert into operacoes_idempotentes (chave, request_hash) values (p_chave, p_request_hash) on conflict do nothing;
  if found then return null; end if;
  select request_hash, resposta into v_anterior from operacoes_idempotentes where chave = p_chave;
  if v_anterior.request_hash <> p_request_hash then return kc_erro('idempotency_key_reused'); end if;
  return coalesce(v_anterior.resposta || '{"replayed": true}'::jsonb, kc_erro('request_in_progress'));
end $$;

create or replace function kc_op_fechar(p_chave text, p_resposta jsonb) returns jsonb language plpgsql as $$
begin
  update operacoes_idempotentes set resposta = p_resposta where chave = p_chave;
  return p_resposta;
end $$;

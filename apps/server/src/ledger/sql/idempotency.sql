-- Idempotency-Key, Stripe's way: the first request with a key runs and its answer is kept; the
-- same key with the same body gets that answer again; with another body it is refused.
-- kc_idem_abrir returns null when the caller should run the request, or the answer to give.

create or replace function kc_idem_abrir(p_usuario uuid, p_chave text, p_request_hash text) returns jsonb language plpgsql as $$
declare v_anterior record;
begin
  if p_chave is null then return null; end if;
  insert into idempotency_keys (user_id, chave, request_hash) values (p_usuario, p_chave, p_request_hash)
  on conflict do nothing;
  if found then return null; end if;
  -- A concurrent twin waited on the key's unique index until the first committed.
  select request_hash, resposta into v_anterior from idempotency_keys where user_id = p_usuario and chave = p_chave;
  if v_anterior.request_hash <> p_request_hash then return kc_erro('idempotency_key_reused'); end if;
  return coalesce(v_anterior.resposta || '{"replayed": true}'::jsonb, kc_erro('request_in_progress'));
end $$;

create or replace function kc_idem_fechar(p_usuario uuid, p_chave text, p_resposta jsonb) returns jsonb language plpgsql as $$
begin
  if p_chave is not null then
    -- A rate-limited request, or one refused until the payer's phone is proven, while the
    -- account is frozen, by a limit that time or the payee's spending lifts (limits.sql), or
    -- because the fee is no longer the one the payer saw, did nothing: the same key may try again
    -- later (after a changed fee, with the fee now shown).
    if p_resposta->>'error' in ('rate_limited', 'phone_not_verified', 'account_frozen', 'daily_limit_reached',
                                'monthly_limit_reached', 'balance_limit_reached', 'fee_changed') then
      delete from idempotency_keys where user_id = p_usuario and chave = p_chave;
    else
      update idempotency_keys set resposta = p_resposta where user_id = p_usuario and chave = p_chave;
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

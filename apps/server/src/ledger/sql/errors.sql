-- A refusal is an answer, not an exception: {ok:false, error:<spec key>} commits with whatever
-- the call recorded (a counted wrong attempt, an idempotency key).

create or replace function kc_erro(p_codigo text, p_extra jsonb default '{}'::jsonb) returns jsonb language sql immutable as $$
  select jsonb_build_object('ok', false, 'error', p_codigo) || p_extra
$$;

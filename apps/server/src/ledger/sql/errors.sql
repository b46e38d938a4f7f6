-- A refusal is an answer, not an exception: {ok:false, error:<spec key>} commits with whatever
-- the call recorded (a counted wrong attempt, an idempotency key).

create or replace function kc_erro(p_codigo text, p_extra jsonb default '{}'::jsonb) returns jsonb language sql immutable as $$
  select jsonb_build_object('ok', false, 'error', p_codigo) || p_extra
$$;

-- The ceiling of every figure of money: AMOUNT_CEILING_CENTIS of packages/domain, to which
-- migration 0009 holds every balance, hold and amount. Above 2^53 − 1 a figure no longer reads as
-- a JavaScript number, so no figure may come near it.
create or replace function kc_teto_centis() returns bigint language sql immutable as $$
  select 1000000000000000::bigint
$$;

-- Whether moving p_quantidade from p_debito to p_credito would take either balance past the
-- ceiling; the caller holds both accounts' locks and refuses with amount_too_large. Only a
-- movement out of the issuer's account can: every other account is never negative, so while the
-- issuer's balance (minus all the money issued) stays within the ceiling, so does any sum of the
-- others. Issuance and adjustments ask it; transfers, purchases and reversals need not.
create or replace function kc_passa_teto(p_debito uuid, p_credito uuid, p_quantidade bigint)
    returns boolean language sql stable as $$
  select p_quantidade > kc_teto_centis() or exists (
    select 1 from kreyolcash_contas
     where (id = p_credito and saldo_centis::numeric + p_quantidade > kc_teto_centis())
        or (id = p_debito and saldo_centis::numeric - p_quantidade < -kc_teto_centis()))
$$;

-- An amount a caller passed as jsonb, when it is a whole number of centis above zero and within
-- the ceiling; null otherwise (the caller refuses it).
create or replace function kc_quantidade_valida(p jsonb) returns bigint language sql immutable as $$
  select case when jsonb_typeof(p) = 'number' and p::text::numeric > 0 and p::text::numeric = trunc(p::text::numeric)
                   and p::text::numeric <= kc_teto_centis()
              then p::text::numeric::bigint end
$$;

-- The id of a new movement or sale, ordered by time (UUID version 7, RFC 9562): 48 bits of the
-- Unix time in milliseconds, then 74 random bits, which keep it unguessable. The indexes of these
-- ids (the movements' and sales' keys, and the movement ids of holds, legs, codes and sales) then
-- grow at their right edge instead of at a random page: an insert finds its page in memory, and
-- after a checkpoint WAL copies a page whole once for many inserts, not once per insert
-- (docs/performance.md, session 26).
create or replace function kc_id_ordenado() returns uuid language sql volatile as $$
  -- A version 4 id's version bits (0100) become 0111 by bits 52 and 53; its variant stays.
  select encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
                                        placing substring(int8send(floor(extract(epoch from clock_timestamp()) * 1000)::bigint)
                                                          from 3)
                                        from 1 for 6), 52, 1), 53, 1), 'hex')::uuid
$$;

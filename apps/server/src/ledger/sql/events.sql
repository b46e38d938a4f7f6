-- Realtime events from the rare voiding paths. The hot paths (initiate, post) send none: PostgreSQL
-- serializes the commits of notifying transactions, so the server publishes theirs after the call.
-- Who hears what: a hold, a void and an expiry only the payer (no money reached the payee, who does
-- not see the movement until it posts); a posting, a reversal and an adjustment every party.

create or replace function kc_notificar(p_tipo text, p_usuarios uuid[], p_id uuid) returns void language sql as $$
  select pg_notify('kc_events', jsonb_build_object('type', p_tipo, 'users', to_jsonb(p_usuarios), 'id', p_id)::text)
$$;

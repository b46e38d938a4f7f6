-- The outbox worker's statements on the queue (messaging/outbox.repository.ts), through PL/pgSQL
-- functions so that each connection plans them once: the lease's plan cost PostgreSQL more than
-- running it, on every poll of every worker.

-- Leases up to p_limite due messages for p_lease_ms. Only the oldest pending message of each
-- recipient is eligible, so a recipient receives messages in creation order; rows another worker
-- holds are skipped (SKIP LOCKED), and a lease that outlives a crashed worker expires, so the
-- message is sent again (at-least-once).
create or replace function kc_outbox_arrendar(p_limite integer, p_lease_ms bigint) returns setof outbox_messages
    language plpgsql as $$
begin
  return query
  update outbox_messages m
     set lease_until = now() + make_interval(secs => p_lease_ms / 1000.0), attempts = m.attempts + 1
   where m.id in (
     select o.id from outbox_messages o
      where o.status = 'pending' and o.next_attempt_at <= now()
        and (o.lease_until is null or o.lease_until < now())
        and not exists (
          select 1 from outbox_messages older
           where older.status = 'pending' and older.channel = o.channel
             and older.recipient = o.recipient and older.id < o.id)
      order by o.id
      limit p_limite
      for update skip locked)
  returning m.*;
end $$;

-- These messages went out.
create or replace function kc_outbox_enviadas(p_ids bigint[]) returns void language plpgsql as $$
begin
  update outbox_messages set status = 'sent', sent_at = now(), lease_until = null, last_error = null
   where id = any(p_ids);
end $$;

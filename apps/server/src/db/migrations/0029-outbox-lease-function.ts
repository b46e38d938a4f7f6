import { type Kysely, sql } from 'kysely';

// The outbox's lease as a function: PostgreSQL keeps a function's plans on a connection until the
// table's statistics change, where the statement the worker sent was planned at every poll, about
// a millisecond of a lease of twenty under the HTTP bench, a third of running it
// (docs/performance.md, session 29). Each plan it makes must be the same walk, whatever the queue's
// length when it is made: the pending messages in id order (outbox_pending_idx), stopping at the
// batch, each candidate checked to be its recipient's oldest with one probe of
// outbox_pending_recipient_idx. Scans that read the whole table, sorts and hash or merge joins are
// off, so that a plan made while the queue was empty is that walk too (the trap of session 17).
// The mark of messages sent goes the same way: one statement whatever how many it marks.
// Not kc_* functions: the outbox is messaging's, not the ledger's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function outbox_arrendar(p_limite integer, p_lease_ms bigint) returns setof outbox_messages
        language plpgsql
        set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_bitmapscan = off
        set enable_sort = off set enable_hashjoin = off set enable_mergejoin = off set jit = off as $$
    begin
      return query
      update outbox_messages m
         set lease_until = now() + make_interval(secs => p_lease_ms / 1000.0), attempts = m.attempts + 1
       where m.id in (
         select o.id from outbox_messages o
          where o.status = 'pending' and o.next_attempt_at <= now()
            and (o.lease_until is null or o.lease_until < now())
            and o.id = (select min(older.id) from outbox_messages older
                         where older.status = 'pending' and older.channel = o.channel and older.recipient = o.recipient)
          order by o.id
          limit p_limite
          for update skip locked)
      returning m.*;
    end $$`.execute(db);
  await sql`
    create function outbox_marcar_enviadas(p_ids bigint[]) returns void language plpgsql
        set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_bitmapscan = off
        set jit = off as $$
    begin
      update outbox_messages set status = 'sent', sent_at = now(), lease_until = null, last_error = null
       where id = any(p_ids);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function outbox_marcar_enviadas(bigint[])`.execute(db);
  await sql`drop function outbox_arrendar(integer, bigint)`.execute(db);
}

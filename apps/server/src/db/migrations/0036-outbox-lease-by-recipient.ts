import { type Kysely, sql } from 'kysely';

// A lease takes, with each recipient's oldest pending message, up to p_por_destinatario - 1 of the
// messages that follow it for that recipient, which the worker then sends one after another, in
// order. With one message per recipient per lease, a recipient written to faster than a lease's
// round (a busy agent's codes and receipts, a shop's sales) gained a backlog that never drained,
// and every lease walked it (docs/performance.md, session 39). Only the oldest is chosen, as
// before, and locked (SKIP LOCKED): a recipient's followers are leased only by the worker holding
// its oldest message, so no two workers ever send one recipient's messages side by side. The
// followers taken are those due, up to the first that is not, so that none is sent before a
// message written earlier. The two-argument lease of migration 0029 stays for the release before
// (its workers still lease one message per recipient, and respect a leased oldest message).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function outbox_arrendar(p_limite integer, p_lease_ms bigint, p_por_destinatario integer)
        returns setof outbox_messages language plpgsql
        set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_bitmapscan = off
        set enable_sort = off set enable_hashjoin = off set enable_mergejoin = off set jit = off as $$
    declare
      v_primeiras outbox_messages[];
    begin
      -- The oldest messages are chosen and leased by the lease of migration 0029 itself, so both
      -- releases' workers follow one rule of which message is a recipient's next.
      v_primeiras := array(select m from outbox_arrendar(p_limite, p_lease_ms) m);
      return query select * from unnest(v_primeiras);
      return query
      update outbox_messages m
         set lease_until = now() + make_interval(secs => p_lease_ms / 1000.0), attempts = m.attempts + 1
       where m.id = any(array(
             select s.id
               from unnest(v_primeiras) as h
              cross join lateral (
                    select f.id, bool_and(f.next_attempt_at <= now()) over (order by f.id) as em_dia
                      from outbox_messages f
                     where f.status = 'pending' and f.channel = h.channel and f.recipient = h.recipient
                       and f.id > h.id
                     order by f.id
                     limit greatest(p_por_destinatario - 1, 0)) s
              where s.em_dia))
      returning m.*;
    end $$`.execute(db);
  // A follower the worker did not send (the message before it failed, or the lease ran short) goes
  // back to the queue as it was: leased by nobody, its attempt not counted.
  await sql`
    create function outbox_devolver(p_ids bigint[]) returns void language plpgsql
        set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_bitmapscan = off
        set jit = off as $$
    begin
      update outbox_messages set lease_until = null, attempts = greatest(attempts - 1, 0)
       where id = any(p_ids) and status = 'pending';
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function outbox_devolver(bigint[])`.execute(db);
  await sql`drop function outbox_arrendar(integer, bigint, integer)`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// A failed attempt records its error and, when it will be tried again, its next attempt; the
// recipient's later pending messages then take that instant as theirs when theirs is earlier.
// None of them can go before it (a recipient's messages go in order), so none is delayed. What it
// saves is the lease's walk: every pending message due and unleased is probed to learn whether it
// is its recipient's oldest, and while a gateway is down most of the queue is messages behind a
// failed one. A message not yet due fails the walk's first, cheap test and is never probed: 100 000
// messages to 20 000 phones cost a lease that found nothing 193–197 ms before, 32–36 ms after
// (docs/performance.md, session 40). The lease itself is unchanged; a worker of the release before
// marks its failures as it did, and its recipients' later messages are only walked as before.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function outbox_falhar(p_id bigint, p_erro text, p_nova_tentativa_ms bigint) returns void
        language plpgsql
        set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_bitmapscan = off
        set jit = off as $$
    declare
      v outbox_messages;
    begin
      if p_nova_tentativa_ms is null then
        update outbox_messages set status = 'failed', lease_until = null, last_error = p_erro where id = p_id;
        return;
      end if;
      update outbox_messages
         set lease_until = null, last_error = p_erro,
             next_attempt_at = now() + make_interval(secs => p_nova_tentativa_ms / 1000.0)
       where id = p_id
      returning * into v;
      if not found or v.status <> 'pending' then return; end if;
      update outbox_messages f set next_attempt_at = v.next_attempt_at
       where f.status = 'pending' and f.channel = v.channel and f.recipient = v.recipient and f.id > v.id
         and f.next_attempt_at < v.next_attempt_at;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function outbox_falhar(bigint, text, bigint)`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// A refresh token presented again soon after its rotation, while its successor is unused, is a
// retry whose answer was lost on the way (identity/sessions.service.ts): the unused successor is
// retired and another issued. A retired token is kept, not deleted, so that presenting it later
// still revokes the session as a rotated one does. Adding a nullable column rewrites nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_tokens add column retirado_em timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table refresh_tokens drop column retirado_em`.execute(db);
}

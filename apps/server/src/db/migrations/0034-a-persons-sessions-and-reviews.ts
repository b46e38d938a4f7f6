import { type Kysely, sql } from 'kysely';

// A person's sessions (the back office's user page: the newest 20, revoked ones too) and document
// reviews (the identity screen's newest, the compliance page's earlier ones) were found among
// everyone's: the sessions' only index holds the live ones, and the reviews' the pending ones.
// Each read walked the whole table, which grows with every login and every sign-up. Neither
// column of these indexes changes after the row is written, so a session's use stays an update in
// place.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index sessoes_usuario_criado_idx on sessoes (user_id, criado_em desc)`.execute(db);
  await sql`create index revisoes_documento_usuario_idx on revisoes_documento (user_id, criado_em desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index revisoes_documento_usuario_idx`.execute(db);
  await sql`drop index sessoes_usuario_criado_idx`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// Pay by phone: each account may look up at most a few distinct payees (e-mails or
// phones) in any 24 hours, across every server process: one row per account and identity, with
// the time it was first looked up in the current window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table consultas_destinatario (
    usuario_id uuid not null references usuarios(id) on delete cascade,
    identidade text not null,
    consultado_em timestamptz not null default now(),
    primary key (usuario_id, identidade)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table consultas_destinatario`.execute(db);
}

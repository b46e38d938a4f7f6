import { type Kysely, sql } from 'kysely';

// The phone given at sign-up is proven by a WhatsApp code before the account may move
// money, earn or send invitations. Null means not proven yet: every account that existed before
// this migration proves its phone at its next sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios add column telefone_verificado_em timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios drop column telefone_verificado_em`.execute(db);
}

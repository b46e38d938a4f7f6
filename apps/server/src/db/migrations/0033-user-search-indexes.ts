import { type Kysely, sql } from 'kysely';

// The back office's user search matched a part of the folded name and the beginning of the
// e-mail against every user (10–17 ms at 5 000, growing with each sign-up). A trigram index of
// the folded name serves a part of it (three letters or more), and an index of the e-mail in
// byte order its beginning (LIKE 'abc%', which the unique index, in the database's collation, does
// not serve). The phone and the NIF have their unique indexes. A part many names share ("jean")
// matches a quarter of everyone: the search then walks the names in its order (its ORDER BY) and
// stops at its 20, where the trigrams would fetch and sort every match. The fold is a function of its own,
// so that the search and the index read the same expression; it is not one of the ledger's kc_*
// functions, which are dropped and made again with the ledger's files (the index would go with
// them). pg_trgm is a trusted extension: the database's owner may create it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create function usuarios_nome_dobrado(p_nome text) returns text language sql immutable parallel safe as $$
              select lower(translate(p_nome, 'àáâãäèéêëìíîïòóôõöùúûüçñÀÁÂÃÄÈÉÊËÌÍÎÏÒÓÔÕÖÙÚÛÜÇÑ',
                                             'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn'))
            $$`.execute(db);
  await sql`create index usuarios_nome_trgm_idx on usuarios using gin (usuarios_nome_dobrado(nome_completo) gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index usuarios_email_prefixo_idx on usuarios (email text_pattern_ops)`.execute(db);
  await sql`create index usuarios_nome_ordem_idx on usuarios (nome_completo, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index usuarios_nome_ordem_idx`.execute(db);
  await sql`drop index usuarios_email_prefixo_idx`.execute(db);
  await sql`drop index usuarios_nome_trgm_idx`.execute(db);
  await sql`drop function usuarios_nome_dobrado(text)`.execute(db);
}

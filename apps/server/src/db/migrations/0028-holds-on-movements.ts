import { type Kysely, sql } from 'kysely';

// A hold is its pending movement: what it holds is the movement's legs (its amount when it has
// one leg), on its paying account, from the hold until the movement leaves 'pendente'. The holds'
// table repeated that as a row written with every hold and deleted with its end, with two
// foreign-key checks (docs/performance.md, session 29). The expiry sweeper finds the holds through
// an index of the movements' expiry, which a posting does not change (its update stays in place,
// migration 0019), walked from a position it moves past the holds it has ended (expiry.sql).
// kreyolcash_retencoes stays as a view of the pending movements, for whoever reads the holds.
const CEILING = '1000000000000000';

const HOLDS_VIEW = sql`
  create view kreyolcash_retencoes as
  select m.id as movimentacao_id, m.conta_debito as conta_id,
         coalesce((select sum(p.quantidade_centis) from kreyolcash_pernas p where p.movimentacao_id = m.id),
                  m.quantidade_centis)::bigint as quantidade_centis,
         m.criado_em
    from kreyolcash_movimentacoes m
   where m.status = 'pendente'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nothing holds or ends a hold while the rows are compared, the position is read and the index
  // is built. The release before's functions lock the two tables in either order (a hold writes
  // its movement, then its row; a post deletes the row, then updates the movement), so waiting for
  // one while holding the other could deadlock with them: both are taken without waiting, again
  // and again until both are free.
  await sql`
    do $$
    begin
      for i in 1..1200 loop
        begin
          lock table kreyolcash_movimentacoes in share mode nowait;
          lock table kreyolcash_retencoes in access exclusive mode nowait;
          return;
        exception when lock_not_available then
          perform pg_sleep(0.05);
        end;
      end loop;
      raise exception 'migration 0028: the ledger stayed busy for a minute; start again';
    end $$`.execute(db);
  // The rows and the movements agree (ledger:check's own checks); a database where they do not
  // keeps its table until an operator has looked.
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n
      from kreyolcash_movimentacoes m
      full join kreyolcash_retencoes h on h.movimentacao_id = m.id and m.status = 'pendente'
     where (m.status = 'pendente' or h.movimentacao_id is not null)
       and (h.movimentacao_id is null or m.id is null or h.conta_id <> m.conta_debito
            or h.quantidade_centis <> coalesce((select sum(p.quantidade_centis) from kreyolcash_pernas p
                                                 where p.movimentacao_id = m.id), m.quantidade_centis))`.execute(
    db,
  );
  if ((rows[0]?.n ?? 0) > 0) {
    throw new Error(
      `${rows[0]?.n} holds disagree with their movements: run npm run ledger:check before migrating`,
    );
  }
  await sql`create index kreyolcash_mov_expira_idx on kreyolcash_movimentacoes (expira_em)
              where expira_em is not null`.execute(db);
  // Every pending movement expiring before the position is under an open dispute (expiry.sql).
  // It starts below every hold, and an hour further back for holds still being written.
  await sql`create table vencimentos_posicao (
              unica boolean primary key default true check (unica),
              ate timestamptz not null,
              atualizado_em timestamptz not null default now())`.execute(db);
  await sql`insert into vencimentos_posicao (ate)
            select least(coalesce(min(m.expira_em), now()), now()) - interval '1 hour'
              from kreyolcash_retencoes h join kreyolcash_movimentacoes m on m.id = h.movimentacao_id`.execute(
    db,
  );
  await sql`drop table kreyolcash_retencoes`.execute(db);
  await HOLDS_VIEW.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view kreyolcash_retencoes`.execute(db);
  await sql`create table kreyolcash_retencoes (
              movimentacao_id uuid primary key references kreyolcash_movimentacoes (id),
              conta_id uuid not null references kreyolcash_contas (id),
              quantidade_centis bigint not null check (quantidade_centis > 0),
              criado_em timestamptz not null default now(),
              constraint kreyolcash_retencoes_quantidade_teto check (quantidade_centis <= ${sql.raw(CEILING)}))`.execute(
    db,
  );
  await sql`insert into kreyolcash_retencoes (movimentacao_id, conta_id, quantidade_centis, criado_em)
            select m.id, m.conta_debito,
                   coalesce((select sum(p.quantidade_centis) from kreyolcash_pernas p where p.movimentacao_id = m.id),
                            m.quantidade_centis),
                   m.criado_em
              from kreyolcash_movimentacoes m where m.status = 'pendente'`.execute(db);
  await sql`drop table vencimentos_posicao`.execute(db);
  await sql`drop index kreyolcash_mov_expira_idx`.execute(db);
}

import { type Kysely, sql } from 'kysely';

// Reaching support from the app: a person's help requests, each with support's answer, waiting
// in the back office's queue. And the category of an operator's freeze, from a closed list, which
// the person is told (the operator's own words stay in the audit trail).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table pedidos_ajuda (
    id uuid primary key default gen_random_uuid(),
    usuario_id uuid not null references usuarios (id),
    assunto text not null check (assunto in ('conta_congelada', 'movimentacao', 'identidade', 'outro')),
    texto text not null check (char_length(texto) between 1 and 1000),
    movimentacao_id uuid references kreyolcash_movimentacoes (id),
    status text not null default 'aberto' check (status in ('aberto', 'respondido', 'fechado')),
    resposta text check (char_length(resposta) between 1 and 1000),
    respondido_por uuid references operadores (id),
    respondido_em timestamptz,
    fechado_por uuid references operadores (id),
    fechado_em timestamptz,
    criado_em timestamptz not null default now(),
    check ((resposta is null) = (respondido_em is null)),
    check ((status = 'fechado') = (fechado_em is not null))
  )`.execute(db);
  // The queue: what waits, oldest first; and a person's own requests, newest first.
  await sql`create index pedidos_ajuda_fila_idx on pedidos_ajuda (status, criado_em)`.execute(db);
  await sql`create index pedidos_ajuda_usuario_idx on pedidos_ajuda (usuario_id, criado_em desc)`.execute(db);
  await sql`alter table usuarios add column congelado_categoria text
    check (congelado_categoria in ('fraude_suspeita', 'telefone_perdido', 'verificacao_identidade', 'outro'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table usuarios drop column congelado_categoria`.execute(db);
  await sql`drop table pedidos_ajuda`.execute(db);
}

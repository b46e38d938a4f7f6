import { type Kysely, sql } from 'kysely';

// Companies, their products and services, and sales (the table only: purchases come with the
// two-phase ledger transfers).
//
// Categories are checked for membership by the application (the zod enums of
// packages/domain); the database checks only their shape. A migration must mean the same thing
// forever, so it cannot import the category list, and freezing a copy of the list here would make
// every new category a migration. Statuses, by contrast, are fixed by the spec and drive the
// code's logic, so the database holds them to their values.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One company per user is a database rule (empresas_responsavel_key), so two concurrent
  // creates by one user cannot both succeed.
  await sql`
    create table empresas (
      id uuid primary key default gen_random_uuid(),
      responsavel_id uuid not null references usuarios (id),
      nome text not null check (length(btrim(nome)) > 0),
      descricao text not null check (length(btrim(descricao)) > 0),
      categoria text not null check (categoria ~ '^[a-z][a-z_]{0,39}$'),
      telefone text check (telefone ~ '^\\+?[0-9]{6,16}$'),
      email text check (email = lower(email)),
      status text not null default 'ATIVA' check (status in ('ATIVA', 'INATIVA', 'SUSPENSA')),
      created_at timestamptz not null default now(),
      constraint empresas_responsavel_key unique (responsavel_id)
    )`.execute(db);
  await sql`create index empresas_status_idx on empresas (status, created_at desc, id desc)`.execute(db);

  await sql`
    create table produtos (
      id uuid primary key default gen_random_uuid(),
      empresa_id uuid not null references empresas (id),
      nome text not null check (length(btrim(nome)) > 0),
      descricao text not null check (length(btrim(descricao)) > 0),
      categoria text not null check (categoria ~ '^[a-z][a-z_]{0,39}$'),
      preco_centis bigint not null check (preco_centis > 0),
      estoque integer check (estoque >= 0),
      status text not null default 'ATIVO' check (status in ('ATIVO', 'INATIVO', 'ESGOTADO')),
      created_at timestamptz not null default now(),
      -- Target of vendas' (produto_id, empresa_id) reference.
      constraint produtos_id_empresa_key unique (id, empresa_id)
    )`.execute(db);
  await sql`create index produtos_empresa_status_idx on produtos (empresa_id, status, created_at desc, id desc)`.execute(
    db,
  );

  await createSales(db);
}

async function createSales(db: Kysely<unknown>): Promise<void> {
  // Target of vendas' (empresa_id, vendedor_id) reference: redundant as a key (id alone is one)
  // but it lets the database check that the seller is the company's owner.
  await sql`alter table empresas add constraint empresas_id_responsavel_key unique (id, responsavel_id)`.execute(
    db,
  );

  // Invariants held by the database whatever the purchase code does: the product belongs to the
  // company, the seller owns the company, nobody buys from themselves, the total is exactly the
  // unit price times the quantity, and one movement pays at most one sale.
  await sql`
    create table vendas (
      id uuid primary key default gen_random_uuid(),
      empresa_id uuid not null references empresas (id),
      comprador_id uuid not null references usuarios (id),
      vendedor_id uuid not null references usuarios (id),
      produto_id uuid not null,
      quantidade integer not null check (quantidade > 0),
      preco_unitario_centis bigint not null check (preco_unitario_centis > 0),
      total_centis bigint not null check (total_centis > 0),
      status text not null default 'PENDENTE'
        check (status in ('PENDENTE', 'CONFIRMADA', 'CANCELADA', 'CONCLUIDA')),
      movimentacao_id uuid references kreyolcash_movimentacoes (id),
      criado_em timestamptz not null default now(),
      atualizado_em timestamptz not null default now(),
      constraint vendas_partes check (comprador_id <> vendedor_id),
      constraint vendas_total check (total_centis = preco_unitario_centis * quantidade),
      constraint vendas_movimentacao_key unique (movimentacao_id),
      constraint vendas_produto_da_empresa foreign key (produto_id, empresa_id)
        references produtos (id, empresa_id),
      constraint vendas_vendedor_responsavel foreign key (empresa_id, vendedor_id)
        references empresas (id, responsavel_id)
    )`.execute(db);
  await sql`create index vendas_empresa_idx on vendas (empresa_id, criado_em desc, id desc)`.execute(db);
  await sql`create index vendas_comprador_idx on vendas (comprador_id, criado_em desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['vendas', 'produtos', 'empresas']) {
    await sql`drop table if exists ${sql.id(table)}`.execute(db);
  }
}

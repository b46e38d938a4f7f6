import { type Kysely, sql } from 'kysely';

// Agents (docs/agents.md): level-2 users who change cash for ₭ and back in a shop. Each has:
//   numero        the short number people type to choose an agent: 5 digits, given in order from
//                 10001 (an identity column; 89,999 agents before a sixth digit is needed);
//   conta_id      its float account, a kreyolcash_contas row of tipo 'agente' owned by the same
//                 user and apart from their personal wallet (one per user: the accounts' unique
//                 (user_id, tipo)), opened by the ledger in the same transaction as this row;
//   comuna        a code of the domain's closed list of Haiti's communes (HAITI_COMMUNES): the
//                 list lives in the domain, so the CHECK holds its shape only;
//   horario       per weekday (mon…sun), a list of intervals {abre, fecha} in HH:MM, Haiti's time,
//                 checked by the domain (isValidAgentHours): here, an object with the seven days;
//   pausado_em    set while the agent has taken their listing down.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The float is the agent's own 'agente' account: checked by a trigger on this table
  // (kc_agente_conta_propria, ledger/sql/accounts.sql) rather than by a composite key, which would
  // need a unique index on kreyolcash_contas. Building any index there stamps the table's row count
  // as it is at that moment (the three system accounts), and the planner then scans the hottest
  // table of the ledger instead of using its key: a quarter more database time per transfer.
  await sql`create table agentes (
    id uuid primary key default gen_random_uuid(),
    usuario_id uuid not null unique references usuarios (id),
    numero integer not null unique generated always as identity (start with 10001 minvalue 10001 maxvalue 99999),
    conta_id uuid not null unique references kreyolcash_contas (id),
    nome_comercial text not null check (char_length(btrim(nome_comercial)) between 1 and 80),
    comuna text not null check (comuna ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(comuna) <= 60),
    endereco text not null check (char_length(btrim(endereco)) between 1 and 200),
    horario jsonb not null check (
      jsonb_typeof(horario) = 'object'
      -- ?& first: a missing day would make the jsonb_typeof below null, which a CHECK lets through.
      and horario ?& array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']
      and horario - array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] = '{}'::jsonb
      and jsonb_typeof(horario->'mon') = 'array' and jsonb_typeof(horario->'tue') = 'array'
      and jsonb_typeof(horario->'wed') = 'array' and jsonb_typeof(horario->'thu') = 'array'
      and jsonb_typeof(horario->'fri') = 'array' and jsonb_typeof(horario->'sat') = 'array'
      and jsonb_typeof(horario->'sun') = 'array'
    ),
    pausado_em timestamptz,
    criado_em timestamptz not null default now(),
    criado_por uuid not null references operadores (id)
  )`.execute(db);
  // Users find agents by commune.
  await sql`create index agentes_comuna_idx on agentes (comuna, nome_comercial)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table agentes`.execute(db);
}

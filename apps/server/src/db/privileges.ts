import { type Kysely, sql } from 'kysely';
import type { DB } from './schema.ts';

// Two roles: the owner's, which owns every table and function (the migrations and the ledger's
// definitions run as it), and the app's, which may read and write rows but owns nothing, so it can
// neither alter a table nor switch off a trigger: the ledger's and the audit trail's append-only
// guards hold against the app itself. On PostgreSQL the operator creates both (ROLES_SQL); the
// embedded database makes the app's role by itself and its superuser is the owner.

export const OWNER_ROLE = 'kreyolcash_owner';
export const APP_ROLE = 'kreyolcash_app';

const ROLE_ATTRIBUTES = 'login nosuperuser nocreatedb nocreaterole nobypassrls noreplication';

/** Creates both roles when missing (run by a superuser; a concurrent run that made them first is fine). */
export const ROLES_SQL = `do $$
begin
  if not exists (select from pg_roles where rolname = '${OWNER_ROLE}') then
    create role ${OWNER_ROLE} ${ROLE_ATTRIBUTES};
  end if;
  if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
    create role ${APP_ROLE} ${ROLE_ATTRIBUTES};
  end if;
exception when duplicate_object or unique_violation then null;
end $$`;

type Privilege = 'select' | 'insert' | 'update' | 'delete';

const READ: readonly Privilege[] = ['select'];
const APPEND: readonly Privilege[] = ['select', 'insert'];
const CHANGE: readonly Privilege[] = ['select', 'insert', 'update'];
const REMOVE: readonly Privilege[] = ['select', 'insert', 'delete'];
const ALL: readonly Privilege[] = ['select', 'insert', 'update', 'delete'];

/**
 * What the app may do with each relation of the schema: update only where a code path updates or
 * locks rows (SELECT … FOR UPDATE needs UPDATE), delete only where one deletes. Ledger lines, the
 * audit trail and the ledger checks' results are append-only; movements change status but are
 * never deleted. A table missing here gets ALL (the default privileges give a new table that too),
 * and privileges.test.ts fails until it is listed.
 */
export const APP_PRIVILEGES: Readonly<Record<string, readonly Privilege[]>> = {
  audit_log: APPEND,
  outbox_messages: CHANGE,
  usuarios: CHANGE,
  credenciais: CHANGE,
  sessoes: CHANGE,
  refresh_tokens: CHANGE,
  tokens_email: CHANGE,
  kreyolcash_contas: CHANGE,
  kreyolcash_movimentacoes: CHANGE,
  // A view of the pending movements (migration 0028).
  kreyolcash_retencoes: READ,
  kreyolcash_envios_diarios: CHANGE,
  kreyolcash_lancamentos: APPEND,
  // How far the lines have been read for notices: one row, locked and moved on (notices.sql).
  avisos_posicao: ['select', 'update'],
  // How far the expiry sweeper has ended holds: one row, locked and moved on (expiry.sql).
  vencimentos_posicao: ['select', 'update'],
  kreyolcash_pernas: APPEND,
  kreyolcash_lotes: APPEND,
  vw_saldos_kreyolcash: READ,
  codigos_verificacao: ALL,
  idempotency_keys: APPEND,
  operacoes_idempotentes: CHANGE,
  empresas: CHANGE,
  produtos: CHANGE,
  vendas: CHANGE,
  mudancas_telefone: CHANGE,
  indicacoes: CHANGE,
  identidades_vistas: APPEND,
  identidades_premiadas: REMOVE,
  consultas_destinatario: REMOVE,
  operadores: CHANGE,
  operador_sessoes: CHANGE,
  auditoria: APPEND,
  revisoes_documento: ALL,
  reclamacoes: CHANGE,
  ajustes_propostos: CHANGE,
  verificacoes_razao: APPEND,
  pedidos_ajuda: CHANGE,
  agentes: CHANGE,
  // A fee table is replaced whole: its row locked and stamped, its bands deleted and inserted.
  tarifas: CHANGE,
  tarifa_faixas: REMOVE,
  operacoes_float: CHANGE,
  // Each start with the agents' setting writes the rate in force over the one row.
  cotacao_htg: CHANGE,
  // Its trigger records each new rate (on conflict, two in one transaction: the last).
  cotacoes_htg: CHANGE,
  // Readiness reads which migrations ran; what runs them and the definitions are the owner's.
  kysely_migration: READ,
  kysely_migration_lock: [],
  definicoes_sql: [],
};

// One grant at a time across processes starting together (catalog rows updated concurrently fail).
const PRIVILEGES_LOCK = 7305119;

/**
 * Run by the owner after the migrations, on every start: the app's role gets exactly the
 * privileges above on the schema's relations, and the owner's future tables and sequences are
 * granted to it by default. Refuses a role that is the owner itself (revoking would strip the
 * owner) and a schema with relations the owner does not own (it could not grant on them).
 */
export async function grantAppPrivileges(owner: Kysely<DB>, appRole: string): Promise<void> {
  const app = sql.id(appRole);
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${PRIVILEGES_LOCK})`.execute(trx);
    const { rows: who } = await sql<{ owner: string }>`select current_user as owner`.execute(trx);
    if (who[0]?.owner === appRole) {
      throw new Error(`the app's role ${appRole} is the owner's: give the app a role of its own`);
    }
    const relations = await schemaRelations(trx);
    const foreign = relations.filter((r) => !r.mine).map((r) => r.name);
    if (foreign.length > 0) {
      throw new Error(
        `${who[0]?.owner} does not own ${foreign.join(', ')}: run the migrations as the role that owns ` +
          `the schema, or give it the objects (REASSIGN OWNED BY <old role> TO ${who[0]?.owner})`,
      );
    }
    const schema = sql.id(await currentSchema(trx));
    await sql`grant usage on schema ${schema} to ${app}`.execute(trx);
    for (const { name, kind } of relations) {
      const target = sql.id(name);
      if (kind === 'S') {
        await sql`revoke all on sequence ${target} from ${app}`.execute(trx);
        await sql`grant usage on sequence ${target} to ${app}`.execute(trx);
        continue;
      }
      await sql`revoke all on table ${target} from ${app}`.execute(trx);
      const privileges = APP_PRIVILEGES[name] ?? ALL;
      if (privileges.length > 0) {
        await sql`grant ${sql.raw(privileges.join(', '))} on table ${target} to ${app}`.execute(trx);
      }
    }
    await sql`alter default privileges in schema ${schema}
                grant select, insert, update, delete on tables to ${app}`.execute(trx);
    await sql`alter default privileges in schema ${schema} grant usage on sequences to ${app}`.execute(trx);
  });
}

type Relation = { name: string; kind: string; mine: boolean };

async function schemaRelations(db: Kysely<DB>): Promise<Relation[]> {
  const { rows } = await sql<Relation>`
    select c.relname as name, c.relkind as kind, pg_has_role(c.relowner, 'USAGE') as mine
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
     order by c.relname`.execute(db);
  return rows;
}

async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema ?? 'public';
}

/**
 * Why the connected role could still switch off the ledger's guards: a superuser, or a role that
 * owns (or may act as the owner of) a relation of the schema. Empty when it can do neither.
 */
export async function powersOverTheSchema(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<{ role: string; superuser: boolean; owned: string[] }>`
    select current_user as role, r.rolsuper as superuser,
           array(select c.relname::text from pg_class c join pg_namespace n on n.oid = c.relnamespace
                  where n.nspname = current_schema() and c.relkind in ('r', 'p')
                    and pg_has_role(c.relowner, 'MEMBER') order by c.relname limit 3) as owned
      from pg_roles r where r.rolname = current_user`.execute(db);
  const row = rows[0];
  if (!row) return [];
  const reasons: string[] = [];
  if (row.superuser) reasons.push(`${row.role} is a superuser`);
  else if (row.owned.length > 0) reasons.push(`${row.role} owns ${row.owned.join(', ')}`);
  return reasons;
}

/** The embedded database: makes the app's role when missing (its session is the superuser's). */
export async function ensureEmbeddedAppRole(db: Kysely<DB>): Promise<void> {
  await sql
    .raw(`do $$ begin
      if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} ${ROLE_ATTRIBUTES};
      end if;
    end $$`)
    .execute(db);
}

/**
 * The embedded database's one session becomes the app's role for good. SET SESSION AUTHORIZATION
 * rather than SET ROLE: RESET ROLE, SET ROLE NONE, DISCARD ALL and RESET SESSION AUTHORIZATION all
 * leave it the app's role; only a statement naming the superuser (SET SESSION AUTHORIZATION
 * postgres) could return, since PGlite's session is the superuser's underneath, and the app sends
 * no such statement.
 */
export async function becomeAppRole(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ exists: boolean }>`
    select exists (select from pg_roles where rolname = ${APP_ROLE}) as exists`.execute(db);
  if (!rows[0]?.exists) {
    throw new Error(`the embedded database has no ${APP_ROLE} role yet: start the server once (npm start)`);
  }
  await sql`set session authorization ${sql.id(APP_ROLE)}`.execute(db);
}

-- Accounts. A user's account is created with the user and has the user's id; the system's
-- accounts have fixed ids (db/migrations/0001-baseline.ts).

create or replace function kc_conta_emissor() returns uuid language sql immutable as $$
  select '00000000-0000-4000-8000-000000000001'::uuid
$$;

-- The operator's fees (tipo 'taxas'), credited by a movement's fee legs (legs.sql).
create or replace function kc_conta_taxas() returns uuid language sql immutable as $$
  select '00000000-0000-4000-8000-000000000002'::uuid
$$;

create or replace function kc_conta_do_usuario() returns trigger language plpgsql as $$
begin
  insert into kreyolcash_contas (id, tipo, user_id) values (new.id, 'usuario', new.id);
  return new;
end $$;

create or replace trigger kc_usuario_tem_conta after insert on usuarios
  for each row execute function kc_conta_do_usuario();

-- Who can be found and paid: an active account whose e-mail is confirmed and whose phone is proven.
-- The one rule, for the ledger's own holds and for every read that offers a payee (the lookup,
-- recent payees: ledger/payees.ts). Plain SQL over the row, so PostgreSQL inlines it into each query.
create or replace function kc_pode_receber(u usuarios) returns boolean language sql immutable as $$
  select u.status = 'ATIVO' and u.email_confirmado_em is not null and u.telefone_verificado_em is not null
$$;

-- An agent's float is the agent's own account of kind 'agente' (migration 0013), whoever writes the
-- row: checked here rather than by a composite key, which would need an index on the accounts.
create or replace function kc_agente_conta_propria() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from kreyolcash_contas
                  where id = new.conta_id and user_id = new.usuario_id and tipo = 'agente') then
    raise exception 'agentes_conta_propria: account % is not the own agente account of user %',
      new.conta_id, new.usuario_id using errcode = 'foreign_key_violation';
  end if;
  return new;
end $$;

create or replace trigger kc_agentes_conta_propria before insert or update of conta_id, usuario_id on agentes
  for each row execute function kc_agente_conta_propria();


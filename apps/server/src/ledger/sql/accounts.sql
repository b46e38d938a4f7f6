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

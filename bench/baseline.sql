-- The baseline of the ledger benchmark: a minimal double-entry ledger in plain SQL, one function
-- call per transfer, in the manner of pgledger (written here in our own words). It locks both
-- accounts in id order, moves the amount, and records the transfer and its two entries.
create table accounts (
  id bigint primary key,
  balance bigint not null check (balance >= 0),
  version bigint not null default 0
);

create table transfers (
  id bigint generated always as identity primary key,
  from_account bigint not null references accounts (id),
  to_account bigint not null references accounts (id),
  amount bigint not null check (amount > 0),
  created_at timestamptz not null default now()
);

create table entries (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  transfer_id bigint not null references transfers (id),
  amount bigint not null,
  balance_after bigint not null,
  created_at timestamptz not null default now()
);
create index entries_account_idx on entries (account_id, id);

create function baseline_transfer(p_from bigint, p_to bigint, p_amount bigint) returns bigint
language plpgsql as $$
declare
  v_transfer bigint;
  v_from_balance bigint;
  v_to_balance bigint;
begin
  -- Both rows, in ascending id order, so opposite transfers cannot deadlock.
  perform 1 from accounts where id in (p_from, p_to) order by id for update;
  update accounts set balance = balance - p_amount, version = version + 1 where id = p_from
    returning balance into v_from_balance;
  update accounts set balance = balance + p_amount, version = version + 1 where id = p_to
    returning balance into v_to_balance;
  insert into transfers (from_account, to_account, amount) values (p_from, p_to, p_amount)
    returning id into v_transfer;
  insert into entries (account_id, transfer_id, amount, balance_after) values
    (p_from, v_transfer, -p_amount, v_from_balance),
    (p_to, v_transfer, p_amount, v_to_balance);
  return v_transfer;
end $$;

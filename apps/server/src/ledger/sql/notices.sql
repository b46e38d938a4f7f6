-- A posting's "done" notices, derived from the ledger's lines once the posting has committed: a
-- transfer's to its payer and payee (kc_transferencias_avisar), a purchase's to its seller
-- (kc_compras_avisar), a cash-in's or cash-out's receipts to its customer and agent
-- (kc_agente_avisar). They are not written by the posting: its transaction holds its accounts'
-- locks (an agent's float, which every batch of that counter's holds waits for), and the notices
-- were a quarter of its WAL (docs/performance.md, sessions 28 and 40).
--
-- The lines' ids come from one sequence, so they are handed out in order, but transactions commit
-- in any order: a line may become visible after lines with higher ids. A reader first takes a
-- horizon (kc_avisos_horizonte): the highest visible line, then a transaction id of its own, given
-- out after that line was seen. Every line at or below the horizon was taken by a transaction that
-- had its id before taking it (a posting locks its accounts first, and the statement that writes
-- the lines updates the accounts before it takes their ids: two-phase.sql), so before the reader's. Once
-- every transaction up to the reader's id has ended (kc_avisos_firmes), no line at or below the
-- horizon can still appear. The lines up to it are then read once (kc_avisos_derivar), and the
-- position row moves past them in the same transaction as the notices are queued, so each
-- posting's notices are queued exactly once. Any transaction that holds an id, in any database of
-- the cluster, holds the horizon back: notices wait for it (docs/operations.md).

-- The highest visible line and, when it is past the position, a transaction id of the caller's
-- own, given out after that line was seen (marca; null: nothing new to read). Called before any
-- write of its transaction, which would have given it an id already, too early.
create or replace function kc_avisos_horizonte() returns table (ate bigint, marca xid8) language plpgsql as $$
declare
  v_ate bigint;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'kc_avisos_horizonte must come before any write of its transaction';
  end if;
  select coalesce(max(id), 0) into v_ate from kreyolcash_lancamentos;
  return query select v_ate, case when v_ate > p.ultimo_lancamento then pg_current_xact_id() end
                 from avisos_posicao p;
end $$;

-- Whether every transaction up to p_marca has ended (committed or rolled back).
create or replace function kc_avisos_firmes(p_marca xid8) returns boolean language sql volatile as $$
  select pg_snapshot_xmin(pg_current_snapshot()) > p_marca
$$;

-- The movements whose last line is above p_de and at or below p_ate, none with a line past p_ate,
-- in the order of their last lines, at most p_max. A movement's lines are all written by its
-- posting, in one transaction: it is told in the range that holds its last line, and the lines
-- past the range (the few posted since the horizon) say which movements do not end in it.
create or replace function kc_avisos_movimentos(p_de bigint, p_ate bigint, p_max integer)
    returns table (mov uuid, ultima bigint) language sql stable set enable_seqscan = off as $$
  select l.mov, l.ultima
    from (select movimentacao_id as mov, max(id) as ultima from kreyolcash_lancamentos
           where id > p_de and id <= p_ate group by movimentacao_id) l
   where l.mov <> all(array(select movimentacao_id from kreyolcash_lancamentos where id > p_ate))
   order by l.ultima
   limit p_max
$$;

-- Queues the notices of the movements kc_avisos_movimentos finds above the position and at or
-- below p_ate (a horizon the caller has seen become firm), at most p_max_movimentos of them (a
-- reader catching up goes in steps), and moves the position past the last one told (to p_ate when
-- all were). Another process deriving at the same time holds the position: this one then does
-- nothing (null). Answers the position after the call.
create or replace function kc_avisos_derivar(p_ate bigint, p_max_movimentos integer default 500)
    returns bigint language plpgsql set enable_seqscan = off set jit = off as $$
declare
  v_de bigint;
  v_movs uuid[];
  v_ultimas bigint[];
  v_posicao bigint := p_ate;
begin
  -- Read before it is locked: a step with nothing to do writes nothing.
  select ultimo_lancamento into v_de from avisos_posicao;
  if p_ate <= v_de then return v_de; end if;
  select ultimo_lancamento into v_de from avisos_posicao for update skip locked;
  if not found then return null; end if;
  if p_ate <= v_de then return v_de; end if;
  select coalesce(array_agg(m.mov order by m.ultima), '{}'), coalesce(array_agg(m.ultima order by m.ultima), '{}')
    into v_movs, v_ultimas
    from kc_avisos_movimentos(v_de, p_ate, p_max_movimentos + 1) m;
  if cardinality(v_movs) > p_max_movimentos then
    v_movs := v_movs[1:p_max_movimentos];
    v_posicao := v_ultimas[p_max_movimentos];
  end if;
  -- Each movement and sale by its key, one probe each (a join planned as a whole read the table).
  perform kc_transferencias_avisar(array(
    select m.id from unnest(v_movs) with ordinality as u(id, k)
     cross join lateral (select id from kreyolcash_movimentacoes
                          where id = u.id and tipo = 'transferencia' limit 1) m
     order by u.k));
  perform kc_compras_avisar(array(
    select v.id from unnest(v_movs) with ordinality as u(id, k)
     cross join lateral (select id from vendas where movimentacao_id = u.id limit 1) v
     order by u.k));
  perform kc_agente_avisar(x.m) from unnest(v_movs) with ordinality as u(id, k)
    cross join lateral (select m from kreyolcash_movimentacoes m
                         where m.id = u.id and m.tipo in ('deposito', 'saque')) as x(m)
   order by u.k;
  update avisos_posicao set ultimo_lancamento = v_posicao, atualizado_em = now();
  return v_posicao;
end $$;

-- One step of a reader that calls again and again (the outbox worker's feed), one round trip: the
-- notices up to the horizon it was given (p_ate, p_marca: null at its first call) when that has
-- become firm, and the next horizon; a horizon not yet firm comes back as it was, to be given
-- again, so a stream of overlapping transactions cannot put the notices off for ever. posicao:
-- the position after the step.
create or replace function kc_avisos_seguir(p_ate bigint, p_marca xid8)
    returns table (posicao bigint, ate bigint, marca xid8) language plpgsql as $$
declare
  v_ate bigint;
  v_marca xid8;
  v_posicao bigint;
begin
  if p_ate is not null and (p_marca is null or not kc_avisos_firmes(p_marca)) then
    return query select p.ultimo_lancamento, p_ate, p_marca from avisos_posicao p;
    return;
  end if;
  select h.ate, h.marca into v_ate, v_marca from kc_avisos_horizonte() h;
  if p_ate is not null then v_posicao := kc_avisos_derivar(p_ate); end if;
  if v_posicao is null then select ultimo_lancamento into v_posicao from avisos_posicao; end if;
  return query select v_posicao, v_ate, v_marca;
end $$;

-- Postings before these functions told their people themselves: the position starts past their
-- lines, on the first start of a database and on the first start of this release alike.
insert into avisos_posicao (ultimo_lancamento)
select coalesce(max(id), 0) from kreyolcash_lancamentos
on conflict (unica) do nothing;

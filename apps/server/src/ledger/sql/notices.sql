-- A posting's "done" notices, derived from the ledger's lines once the posting has committed: a
-- transfer's to its payer and payee (kc_transferencias_avisar), a purchase's to its seller
-- (kc_compras_avisar). A posting no longer writes them itself: its transaction holds its accounts'
-- locks, and the notices were a third of what it wrote (docs/performance.md, session 28). An
-- agent's receipts stay with the posting (agents.sql): they quote the rate in force at that moment.
--
-- The lines' ids come from one sequence, so they are handed out in order, but transactions commit
-- in any order: a line may become visible after lines with higher ids. A reader first takes a
-- horizon (kc_avisos_horizonte): the highest visible line, and the first transaction id not yet
-- given out. Once every transaction below that id has ended (kc_avisos_firmes), no line at or below
-- the horizon can still appear: each was written by a transaction that had its id before taking a
-- line (it locks its accounts first). The lines up to the horizon are then read once
-- (kc_avisos_derivar), and the position row moves past them in the same transaction as the notices
-- are queued, so each posting's notices are queued exactly once.

-- The highest visible line and the first transaction id not yet given out, in one snapshot.
create or replace function kc_avisos_horizonte() returns table (ate bigint, firme_apos xid8)
    language sql stable as $$
  select coalesce((select max(id) from kreyolcash_lancamentos), 0), pg_snapshot_xmax(pg_current_snapshot())
$$;

-- Whether every transaction below p_firme_apos has ended (committed or rolled back).
create or replace function kc_avisos_firmes(p_firme_apos xid8) returns boolean language sql volatile as $$
  select pg_snapshot_xmin(pg_current_snapshot()) >= p_firme_apos
$$;

-- Queues the notices of the movements whose last line is above the position and at or below p_ate
-- (a horizon the caller has seen become firm), in the order of those lines, at most
-- p_max_movimentos of them (a reader catching up after an outage goes in steps), and moves the
-- position past the last one told (to p_ate when all were). Another process deriving at the same
-- time holds the position: this one then does nothing (null). Answers the position after the call.
create or replace function kc_avisos_derivar(p_ate bigint, p_max_movimentos integer default 500)
    returns bigint language plpgsql set enable_seqscan = off set jit = off as $$
declare
  v_de bigint;
  v_depois uuid[];
  v_movs uuid[];
  v_ultimas bigint[];
  v_posicao bigint := p_ate;
begin
  select ultimo_lancamento into v_de from avisos_posicao for update skip locked;
  if not found then return null; end if;
  if p_ate <= v_de then return v_de; end if;
  -- A movement's lines are all written by its posting, in one transaction: it is told in the
  -- range that holds its last line. The lines past the range (the few posted since the horizon)
  -- say which movements do not end in it.
  select coalesce(array_agg(distinct movimentacao_id), '{}') into v_depois
    from kreyolcash_lancamentos where id > p_ate;
  select coalesce(array_agg(l.mov order by l.ultima), '{}'), coalesce(array_agg(l.ultima order by l.ultima), '{}')
    into v_movs, v_ultimas
    from (select l.mov, l.ultima
            from (select movimentacao_id as mov, max(id) as ultima from kreyolcash_lancamentos
                   where id > v_de and id <= p_ate group by movimentacao_id) l
           where l.mov <> all(v_depois)
           order by l.ultima limit p_max_movimentos + 1) l;
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
  update avisos_posicao set ultimo_lancamento = v_posicao, atualizado_em = now();
  return v_posicao;
end $$;

-- One step of a reader that calls again and again: the notices up to the horizon it was given
-- (p_ate, p_firme_apos: null at its first call) when that has become firm, then the next horizon.
-- One round trip a step; a horizon not yet firm is given again at the next. posicao: where the
-- position is after the step (null: nothing derived).
create or replace function kc_avisos_seguir(p_ate bigint, p_firme_apos xid8)
    returns table (posicao bigint, ate bigint, firme_apos xid8) language plpgsql as $$
declare v_posicao bigint;
begin
  if p_ate is not null and kc_avisos_firmes(p_firme_apos) then v_posicao := kc_avisos_derivar(p_ate); end if;
  return query select v_posicao, h.ate, h.firme_apos from kc_avisos_horizonte() h;
end $$;

-- Postings before these functions told their people themselves: the position starts past their
-- lines, on the first start of a database and on the first start of this release alike.
insert into avisos_posicao (ultimo_lancamento)
select coalesce(max(id), 0) from kreyolcash_lancamentos
on conflict (unica) do nothing;

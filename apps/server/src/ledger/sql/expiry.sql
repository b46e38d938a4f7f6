-- Holds past their time end as their policy says (kc_vencer): most are voided, so money (and
-- stock) is never held by a code nobody will type; one whose expiry posts goes to its payee, by
-- the same path as a confirmation (kc_concluir), and is voided instead when the post is refused
-- (a frozen payer, a payee past its maximum balance). Verification refuses an expired code on its
-- own; this ends the hold without waiting for a user. A hold under an open dispute waits for its
-- decision (reports.sql).
--
-- The ledger's lock order, level by level for the whole batch (two-phase.sql): the movements
-- first (skip locked: one another transaction holds is left for the next sweep), then their sales
-- and products, then every account they touch in ascending id — a void's payer, both accounts of
-- a posting — and only then each movement ends, one by one.
--
-- A hold is its pending movement (migration 0028). The sweeper finds them through the index of the
-- movements' expiry, from a position (vencimentos_posicao) below which every pending movement is
-- under an open dispute, whose decision ends it or moves the position back (reports.sql): the
-- index holds every held movement ever, and the walk starts at the position.
-- p: {limite, limites, horizonte?}. Without limites (a sweeper that was not given them), holds whose
-- expiry posts wait: a post needs the payee's maximum balance. horizonte: what the call before
-- answered, which the position may move to (kc_vencimentos_avancar). Answers {ok, expiradas,
-- postadas, horizonte}: the horizon to give the next call.
create or replace function kc_expirar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_horizonte jsonb := kc_vencimentos_seguinte(p->'horizonte');
  v_ids uuid[];
  v_postadas integer := 0;
begin
  select array_agg(id) into v_ids from (
    -- By their expiry, from the position: the movements have no index on their status, so that
    -- posting one updates it in place (migration 0019).
    select m.id from kreyolcash_movimentacoes m
     where m.expira_em >= (select ate from vencimentos_posicao) and m.expira_em <= now() and m.status = 'pendente'
       and (not m.posta_ao_expirar or p->'limites' is not null)
       and not kc_em_disputa(m.id)
     order by m.expira_em
     limit (p->>'limite')::integer
       for no key update of m skip locked) vencidas;
  -- A dispute committed after that statement's snapshot but before its lock is not in it; opening
  -- one takes the movement's lock first, so a fresh read now, under the lock, sees every dispute.
  select array_agg(id) into v_ids from unnest(v_ids) id where not kc_em_disputa(id);
  if v_ids is not null then v_postadas := kc_vencer_lote(v_ids, p->'limites'); end if;
  perform kc_vencimentos_relogio();
  perform kc_vencimentos_avancar(p->'horizonte');
  return jsonb_build_object('ok', true, 'expiradas', coalesce(cardinality(v_ids), 0), 'postadas', v_postadas,
                            'horizonte', v_horizonte);
end $$;

-- Ends the expired holds a sweep chose and locked (p_ids), each as its policy says, after locking
-- their sales, products and accounts in the ledger's order; answers how many of them posted.
create or replace function kc_vencer_lote(p_ids uuid[], p_limites jsonb) returns integer language plpgsql as $$
declare
  r record;
  v_postadas integer := 0;
begin
  perform 1 from vendas where movimentacao_id = any(p_ids) order by id for no key update;
  perform kc_travar_produtos(array(select produto_id from vendas where movimentacao_id = any(p_ids)));
  perform 1 from kreyolcash_contas
   where id in (select conta_debito from kreyolcash_movimentacoes where id = any(p_ids)
                union
                select conta_credito from kreyolcash_movimentacoes where id = any(p_ids) and posta_ao_expirar
                union
                select p.conta_credito from kreyolcash_pernas p join kreyolcash_movimentacoes m on m.id = p.movimentacao_id
                 where m.id = any(p_ids) and m.posta_ao_expirar)
   order by id for no key update;
  for r in
    select id, remetente_id, destinatario_id, posta_ao_expirar from kreyolcash_movimentacoes
     where id = any(p_ids) order by conta_debito, id
  loop
    if kc_vencer(r.id, p_limites) is null and r.posta_ao_expirar then
      v_postadas := v_postadas + 1;
      -- Rare, and outside any request: told from here, as a void is (events.sql).
      perform kc_notificar('transaction', array_remove(array[r.remetente_id, r.destinatario_id], null), r.id);
    end if;
  end loop;
  return v_postadas;
end $$;

-- The horizon to give the next call. The one given, while it is not yet firm: kept, not replaced,
-- so a stream of overlapping transactions cannot hold the position back for ever. Otherwise a new
-- one: the clock, then a transaction id of the caller's own, given out after it. A hold reads its
-- expiry's base after its transaction has an id (kc_vencimento), so one that expires before the
-- clock read here had its id before this one's; once every transaction up to this id has ended
-- (kc_avisos_firmes), no hold expiring before it can still appear. Called first, before any write
-- of the call; a transaction that already has an id (a caller's, which wrote before) gets none:
-- its id came too early.
create or replace function kc_vencimentos_seguinte(h jsonb) returns jsonb language plpgsql volatile as $$
declare v_ate timestamptz := clock_timestamp();
begin
  if h->>'marca' is not null and not kc_avisos_firmes((h->>'marca')::xid8) then return h; end if;
  if pg_current_xact_id_if_assigned() is not null then return null; end if;
  return jsonb_build_object('ate', v_ate, 'marca', pg_current_xact_id()::text);
end $$;

-- Moves the position up to a horizon an earlier call took (h: {ate, marca}, null: nothing), once
-- it is firm, but never past a pending movement that no open dispute holds: the first of those
-- stops it, whoever holds its lock (a plain read sees it pending until its end commits). Another
-- sweeper moving it at the same time holds the row: this one then leaves it.
create or replace function kc_vencimentos_avancar(h jsonb) returns void language plpgsql
    set enable_seqscan = off as $$
declare
  v_de timestamptz;
  v_ate timestamptz := (h->>'ate')::timestamptz;
begin
  if h->>'marca' is null or not kc_avisos_firmes((h->>'marca')::xid8) then return; end if;
  -- A horizon ahead of the clock was taken before the clock stepped back (kc_vencimentos_relogio):
  -- holds written since read the earlier clock, and its firmness says nothing of them.
  if v_ate > clock_timestamp() then return; end if;
  select ate into v_de from vencimentos_posicao for update skip locked;
  if not found or v_ate <= v_de then return; end if;
  select least(v_ate, min(m.expira_em)) into v_ate from kreyolcash_movimentacoes m
   where m.expira_em >= v_de and m.expira_em < v_ate and m.status = 'pendente' and not kc_em_disputa(m.id);
  if v_ate > v_de then update vencimentos_posicao set ate = v_ate, atualizado_em = now(); end if;
end $$;

-- The position is never ahead of PostgreSQL's clock, unless the clock stepped back (the machine's
-- time corrected, a server restored): a hold written then could expire below the position, where
-- no sweep looks. The position then moves back to the clock, or to the first pending movement
-- below it that no open dispute holds (one written since the step), if that is earlier; the next
-- sweep ends what is due there. Such a movement expired after the step, so it is looked for in the
-- day before the clock: the sweeper runs every half minute, and a straggler older than that is
-- ledger:check's to name. Each sweep pays one read of the position for it. The position's row is
-- the sweep's last lock, and is skipped when another transaction holds it (a dispute closing, which
-- takes it after its accounts): the next sweep looks again.
create or replace function kc_vencimentos_relogio() returns void language plpgsql
    set enable_seqscan = off as $$
declare
  v_agora timestamptz := clock_timestamp();
begin
  if v_agora >= (select ate from vencimentos_posicao) then return; end if;
  perform 1 from vencimentos_posicao for update skip locked;
  if not found then return; end if;
  update vencimentos_posicao v
     set ate = least(v_agora, (select min(m.expira_em) from kreyolcash_movimentacoes m
                                where m.expira_em >= v_agora - interval '1 day' and m.expira_em < v.ate
                                  and m.status = 'pendente' and not kc_em_disputa(m.id))),
         atualizado_em = now()
   where v.ate > v_agora;
end $$;

-- A pending movement an open dispute held, once the dispute closes without ending it (rejected, or
-- past its deadline), comes back to the sweeper: the position moves back to its expiry. The
-- position's row is locked whatever it says, until the closing commits: a sweeper moving it now
-- (its read still sees the dispute open) finishes first and this then moves it back, and one that
-- comes after finds it locked and leaves it until the dispute is seen closed.
create or replace function kc_vencimentos_recuar(p_mov uuid) returns void language plpgsql as $$
begin
  perform 1 from kreyolcash_movimentacoes where id = p_mov and status = 'pendente';
  if not found then return; end if;
  perform 1 from vencimentos_posicao for update;
  update vencimentos_posicao v set ate = m.expira_em, atualizado_em = now()
    from kreyolcash_movimentacoes m
   where m.id = p_mov and m.expira_em < v.ate;
end $$;

-- How many movements are pending and what they move, for the back office: read from the
-- sweeper's position rather than by a walk of every movement (they have no index on their status,
-- which would stop postings updating in place). Every pending movement expires at or after the
-- position, but for those an open dispute holds below it (the invariant ledger:check names): the
-- two parts never share a movement. Planned without whole-table scans: the position is only known
-- when it runs, and a guessed third of the movements would choose one.
create or replace function kc_pendentes(out quantidade bigint, out total_centis bigint)
    language sql stable set enable_seqscan = off set jit = off as $$
  select count(*)::bigint, coalesce(sum(p.quantidade_centis), 0)::bigint
    from (select m.quantidade_centis from kreyolcash_movimentacoes m
           where m.expira_em >= (select ate from vencimentos_posicao) and m.status = 'pendente'
          union all
          select m.quantidade_centis from reclamacoes r
            join kreyolcash_movimentacoes m on m.id = r.movimentacao_id
           where r.status = 'aberta' and m.status = 'pendente'
             and m.expira_em < (select ate from vencimentos_posicao)) p
$$;

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
-- p: {limite, limites}. Without limites (a sweeper that was not given them), holds whose expiry
-- posts wait: a post needs the payee's maximum balance. Answers {ok, expiradas, postadas}.
create or replace function kc_expirar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_ids uuid[];
  r record;
  v_postadas integer := 0;
begin
  select array_agg(id) into v_ids from (
    -- Through the holds, one per pending movement: the movements have no index on their status,
    -- so that posting one updates it in place (migration 0019).
    select m.id from kreyolcash_retencoes h join kreyolcash_movimentacoes m on m.id = h.movimentacao_id
     where m.status = 'pendente' and m.expira_em <= now()
       and (not m.posta_ao_expirar or p->'limites' is not null)
       and not kc_em_disputa(m.id)
     order by m.expira_em
     limit (p->>'limite')::integer
       for no key update of m skip locked) vencidas;
  -- A dispute committed after that statement's snapshot but before its lock is not in it; opening
  -- one takes the movement's lock first, so a fresh read now, under the lock, sees every dispute.
  select array_agg(id) into v_ids from unnest(v_ids) id where not kc_em_disputa(id);
  if v_ids is null then return jsonb_build_object('ok', true, 'expiradas', 0, 'postadas', 0); end if;
  perform 1 from vendas where movimentacao_id = any(v_ids) order by id for no key update;
  perform 1 from produtos
   where id in (select produto_id from vendas where movimentacao_id = any(v_ids))
   order by id for no key update;
  perform 1 from kreyolcash_contas
   where id in (select conta_debito from kreyolcash_movimentacoes where id = any(v_ids)
                union
                select conta_credito from kreyolcash_movimentacoes where id = any(v_ids) and posta_ao_expirar
                union
                select p.conta_credito from kreyolcash_pernas p join kreyolcash_movimentacoes m on m.id = p.movimentacao_id
                 where m.id = any(v_ids) and m.posta_ao_expirar)
   order by id for no key update;
  for r in
    select id, remetente_id, destinatario_id, posta_ao_expirar from kreyolcash_movimentacoes
     where id = any(v_ids) order by conta_debito, id
  loop
    if kc_vencer(r.id, p->'limites') is null and r.posta_ao_expirar then
      v_postadas := v_postadas + 1;
      -- Rare, and outside any request: told from here, as a void is (events.sql).
      perform kc_notificar('transaction', array_remove(array[r.remetente_id, r.destinatario_id], null), r.id);
    end if;
  end loop;
  return jsonb_build_object('ok', true, 'expiradas', cardinality(v_ids), 'postadas', v_postadas);
end $$;

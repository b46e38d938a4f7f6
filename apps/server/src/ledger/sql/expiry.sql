-- Expired holds, voided so money (and stock) is never held by a code nobody will type.
-- Verification refuses an expired code on its own; this frees the money without waiting for a
-- user. Each movement is locked first (skip locked: one another transaction holds is left for the
-- next sweep), then its sale and product, then accounts, in the ledger's lock order.
-- p: {limite}. Answers {ok, expiradas}.
create or replace function kc_expirar(p jsonb) returns jsonb language plpgsql as $$
declare
  r record;
  v_venda record;
  n integer := 0;
begin
  for r in
    select m.id from kreyolcash_movimentacoes m
     where m.status = 'pendente' and m.expira_em <= now()
     order by m.conta_debito, m.id
     limit (p->>'limite')::integer
       for no key update of m skip locked
  loop
    select id, produto_id into v_venda from vendas where movimentacao_id = r.id for no key update;
    if found then
      perform 1 from produtos where id = v_venda.produto_id for no key update;
      perform kc_compra_anular(v_venda.id, 'expirada');
    else
      perform kc_anular(r.id, 'expirada');
    end if;
    n := n + 1;
  end loop;
  return jsonb_build_object('ok', true, 'expiradas', n);
end $$;

-- Moderation: an operator suspends, deactivates or reactivates a company, or
-- deactivates or reactivates a product. What was waiting to be bought from it is voided in the
-- same transaction — each buyer's held money back to what they can spend, the units back in
-- stock — under the locks a buyer's own cancel takes (movement, sale, product, account).
--
-- A purchase held while the status changes cannot slip through:
--   * kc_compra_reter reads the product's status under the product's lock, so a hold waits for a
--     product's moderation and then sees INATIVO;
--   * it reads the company's status without a lock, so a new sale passes a gate
--     (kc_venda_empresa_ativa): it share-locks its company and must find it ATIVA. A hold that
--     read ATIVA before a suspension committed waits there and is refused as a serialization
--     failure; the facade retries it, and the retry answers product_not_found.
-- Each moderation voids what is pending, changes the status (waiting for holds in flight), then
-- voids what those holds left: the first pass keeps the ledger's lock order for everything that
-- was already pending, and the second is almost always empty.

-- Voids the pending sales of a company (or of one product); answers their ids, so each buyer is
-- told.
create or replace function kc_moderacao_anular(p_empresa uuid, p_produto uuid) returns uuid[] language plpgsql as $$
declare
  v_vendas uuid[];
  v vendas;
  ids uuid[] := '{}';
begin
  -- Locked a level at a time, each level in order (the movements, the sales, the products, the
  -- buyers' accounts), as a batch of purchases locks (kc_compras_iniciar): sale by sale, a
  -- moderation could hold one sale's product while a batch held another sale's movement and
  -- waited for that product.
  v_vendas := array(select id from vendas
                     where status = 'PENDENTE' and (empresa_id = p_empresa or produto_id = p_produto));
  perform kc_travar_vendas(v_vendas, '{}', array_remove(array[p_produto], null));
  perform 1 from kreyolcash_contas
   where id = any(array(select comprador_id from vendas where id = any(v_vendas))) order by id for no key update;
  for v in select * from vendas where id = any(v_vendas) order by criado_em, id loop
    if v.status = 'PENDENTE' then
      perform kc_compra_anular(v.id, 'cancelada');
      ids := ids || v.id;
    end if;
  end loop;
  return ids;
end $$;

-- p: {empresa_id, status: ATIVA | SUSPENSA | INATIVA}
create or replace function kc_empresa_moderar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_empresa uuid := (p->>'empresa_id')::uuid;
  v_status text := p->>'status';
  v_antes text;
  v_dono uuid;
  v_anuladas uuid[] := '{}';
begin
  if v_status is null or v_status not in ('ATIVA', 'SUSPENSA', 'INATIVA') then
    raise exception 'kc_empresa_moderar: unknown status %', v_status;
  end if;
  if not exists (select 1 from empresas where id = v_empresa) then return kc_erro('company_not_found'); end if;
  if v_status <> 'ATIVA' then v_anuladas := kc_moderacao_anular(v_empresa, null); end if;
  select status, responsavel_id into v_antes, v_dono from empresas where id = v_empresa for no key update;
  update empresas set status = v_status where id = v_empresa;
  if v_status <> 'ATIVA' then v_anuladas := v_anuladas || kc_moderacao_anular(v_empresa, null); end if;
  return jsonb_build_object('ok', true, 'empresa_id', v_empresa, 'responsavel_id', v_dono,
                            'antes', v_antes, 'depois', v_status, 'vendas_anuladas', to_jsonb(v_anuladas));
end $$;

-- p: {produto_id, status: ATIVO | INATIVO}. Reactivated with no stock left, it is ESGOTADO.
create or replace function kc_produto_moderar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_produto uuid := (p->>'produto_id')::uuid;
  v_status text := p->>'status';
  v_antes text;
  v_depois text;
  v_empresa uuid;
  v_anuladas uuid[] := '{}';
begin
  if v_status is null or v_status not in ('ATIVO', 'INATIVO') then
    raise exception 'kc_produto_moderar: unknown status %', v_status;
  end if;
  if not exists (select 1 from produtos where id = v_produto) then return kc_erro('product_not_found'); end if;
  if v_status = 'INATIVO' then v_anuladas := kc_moderacao_anular(null, v_produto); end if;
  select status, empresa_id into v_antes, v_empresa from produtos where id = v_produto for no key update;
  update produtos set status = case when v_status = 'ATIVO' and estoque = 0 then 'ESGOTADO' else v_status end
   where id = v_produto
  returning status into v_depois;
  if v_status = 'INATIVO' then v_anuladas := v_anuladas || kc_moderacao_anular(null, v_produto); end if;
  return jsonb_build_object('ok', true, 'produto_id', v_produto, 'empresa_id', v_empresa,
                            'responsavel_id', (select responsavel_id from empresas where id = v_empresa),
                            'antes', v_antes, 'depois', v_depois, 'vendas_anuladas', to_jsonb(v_anuladas));
end $$;

-- The gate: a sale is created only for a company that is ATIVA when it commits (see above).
create or replace function kc_venda_empresa_ativa() returns trigger language plpgsql as $$
begin
  perform 1 from empresas where id = new.empresa_id and status = 'ATIVA' for share;
  if not found then
    raise exception 'company % is not active', new.empresa_id using errcode = 'serialization_failure';
  end if;
  return new;
end $$;

create or replace trigger kc_vendas_empresa_ativa before insert on vendas
  for each row execute function kc_venda_empresa_ativa();

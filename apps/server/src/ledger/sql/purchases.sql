-- Purchases, on the two-phase engine: the price is the server's, the buyer's money and the stock
-- are held together, and the code posts both or neither.
--   kc_compra_iniciar   — Idempotency-Key, product, stock, hold, the sale PENDENTE and the code;
--   kc_compra_verificar — right code: posts buyer → owner and completes the sale (kc_compra_concluir:
--                         CONFIRMADA, stock taken), through the engine's kc_concluir; the seller
--                         is told once it has committed (kc_compras_avisar, notices.sql);
--   kc_compra_cancelar, and expiry (expiry.sql) — void: money and stock free again;
--   kc_compra_reenviar_codigo — a new code, same attempts and expiry;
--   a buyer's new attempt voids their pending one for the same product (kc_compra_substituir).

-- p: {comprador_id, produto_id, quantidade, max_quantidade, limites, politica, codigo, pepper, chave,
--     request_hash, max_codigos, janela_ms, preco_visto_centis?}. Without politica, a purchase's own
--     (kc_politica_codigo, expiring after validade_ms). preco_visto_centis: the unit price the buyer
--     saw; another current one is price_changed (with it), and nothing is held.
create or replace function kc_compra_iniciar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_comprador uuid := (p->>'comprador_id')::uuid;
  v_anterior jsonb := kc_idem_abrir(v_comprador, p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(v_comprador, p->>'chave', kc_compra_reter(p));
end $$;

create or replace function kc_compra_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_comprador uuid := (p->>'comprador_id')::uuid;
  v_quantidade integer := (p->>'quantidade')::integer;
  pr record;
  v_total bigint;
  v_venda uuid := kc_id_ordenado();
  v_politica jsonb := coalesce(p->'politica', kc_politica_codigo(p->'validade_ms'));
  v_codigo boolean := v_politica->>'confirmador_id' is null;
  v_retencao jsonb;
  v_preco bigint;
begin
  if v_quantidade is null or v_quantidade < 1 or v_quantidade > (p->>'max_quantidade')::integer then
    return kc_erro('invalid_quantity');
  end if;
  -- Only a buyer whose phone is proven buys (a code goes to that phone).
  if not exists (select 1 from usuarios where id = v_comprador and telefone_verificado_em is not null) then
    return kc_erro('phone_not_verified');
  end if;
  -- A price other than the one seen is refused before the buyer's pending attempt at the product
  -- is replaced, so the refusal changes nothing; checked again under the product's lock below.
  if p ? 'preco_visto_centis' then
    select preco_centis into v_preco from produtos where id = (p->>'produto_id')::uuid;
    if v_preco <> (p->>'preco_visto_centis')::bigint then
      return kc_erro('price_changed', jsonb_build_object('preco_unitario_centis', v_preco));
    end if;
  end if;
  perform kc_compra_substituir(v_comprador, (p->>'produto_id')::uuid);
  perform kc_travar_produtos(array[(p->>'produto_id')::uuid]);
  select pd.id, pd.nome, pd.preco_centis, pd.estoque, pd.estoque_reservado, pd.status,
         e.id as empresa_id, e.responsavel_id, e.status as empresa_status,
         o.status as dono_status, o.email_confirmado_em as dono_confirmado_em,
         b.telefone as telefone_comprador, b.idioma as idioma_comprador
    into pr
    from produtos pd join empresas e on e.id = pd.empresa_id join usuarios o on o.id = e.responsavel_id, usuarios b
   where pd.id = (p->>'produto_id')::uuid and b.id = v_comprador;
  if not found or pr.status <> 'ATIVO' or pr.empresa_status <> 'ATIVA' then return kc_erro('product_not_found'); end if;
  -- Money goes only to an active account whose e-mail is confirmed, as with transfers.
  if pr.dono_status <> 'ATIVO' or pr.dono_confirmado_em is null then return kc_erro('product_not_found'); end if;
  if pr.responsavel_id = v_comprador then return kc_erro('own_company_purchase'); end if;
  -- Read under the product's lock: a price changed since the buyer saw it is never charged.
  if p ? 'preco_visto_centis' and (p->>'preco_visto_centis')::bigint is distinct from pr.preco_centis then
    return kc_erro('price_changed', jsonb_build_object('preco_unitario_centis', pr.preco_centis));
  end if;
  if pr.estoque is not null and pr.estoque - pr.estoque_reservado < v_quantidade then
    return kc_erro('insufficient_stock', jsonb_build_object('disponivel', pr.estoque - pr.estoque_reservado));
  end if;
  v_total := pr.preco_centis * v_quantidade;
  if v_total > kc_teto_centis() then return kc_erro('amount_too_large'); end if;
  v_retencao := kc_reter(jsonb_build_object(
    'tipo', 'compra', 'remetente_id', v_comprador, 'destinatario_id', pr.responsavel_id,
    'conta_debito', v_comprador, 'conta_credito', pr.responsavel_id, 'quantidade_centis', v_total,
    'observacoes', pr.nome || ' × ' || v_quantidade, 'politica', v_politica, 'limites', p->'limites',
    'codigo', case when v_codigo then
      jsonb_build_object('finalidade', 'purchase', 'codigo', p->>'codigo', 'pepper', p->>'pepper',
                         'max_codigos', p->'max_codigos', 'janela_ms', p->'janela_ms') end));
  if not (v_retencao->>'ok')::boolean then
    if v_retencao->>'error' = 'insufficient_balance' then
      return v_retencao || jsonb_build_object('total_centis', v_total);
    end if;
    return v_retencao;
  end if;
  update produtos set estoque_reservado = estoque_reservado + v_quantidade where id = pr.id and estoque is not null;
  insert into vendas (id, empresa_id, comprador_id, vendedor_id, produto_id, quantidade, preco_unitario_centis,
                      total_centis, movimentacao_id)
  values (v_venda, pr.empresa_id, v_comprador, pr.responsavel_id, pr.id, v_quantidade, pr.preco_centis, v_total,
          (v_retencao->>'movimentacao_id')::uuid);
  if v_codigo then
    insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
    values ('whatsapp', pr.telefone_comprador, 'purchase_code',
            jsonb_build_object('codigo', p->>'codigo', 'produto', pr.nome, 'valor_centis', v_total,
                               'validade_min', (v_politica->>'validade_ms')::bigint / 60000),
            pr.idioma_comprador, 'purchase_code', v_venda::text);
  end if;
  return jsonb_build_object('ok', true, 'venda_id', v_venda, 'movimentacao_id', v_retencao->'movimentacao_id',
                            'total_centis', v_total, 'expira_em', v_retencao->'expira_em');
end $$;

-- The sale's movement, then the sale, then the product, locked in the ledger's order; null when
-- the sale is not the buyer's (or does not exist).
create or replace function kc_compra_travar(p_venda uuid, p_comprador uuid) returns vendas language plpgsql as $$
declare
  v_mov uuid;
  v vendas;
begin
  select movimentacao_id into v_mov from vendas where id = p_venda and comprador_id = p_comprador;
  if not found then return null; end if;
  perform 1 from kreyolcash_movimentacoes where id = v_mov for no key update;
  select * into v from vendas where id = p_venda for no key update;
  perform kc_travar_produtos(array[v.produto_id]);
  return v;
end $$;

-- Voids a pending sale whose movement, sale and product the caller has locked.
create or replace function kc_compra_anular(p_venda uuid, p_status text) returns void language plpgsql as $$
declare v record;
begin
  update vendas set status = 'CANCELADA', atualizado_em = now() where id = p_venda
  returning produto_id, quantidade, movimentacao_id into v;
  update produtos set estoque_reservado = estoque_reservado - v.quantidade where id = v.produto_id and estoque is not null;
  perform kc_anular(v.movimentacao_id, p_status);
end $$;

-- The advisory lock under which a buyer's attempts at one product take turns (kc_compra_substituir).
create or replace function kc_compra_trava(p_comprador uuid, p_produto uuid) returns bigint language sql immutable as $$
  select hashtextextended(p_comprador::text || '/' || p_produto::text, 7305119)
$$;

-- Locks these sales and these products a level at a time, each level in order (the ledger's
-- order): the sales' movements, the sales, then their products and the others named
-- (kc_travar_produtos; p_exclusivos: products the caller changes, locked alone). What a batch of
-- purchases and a moderation take before voiding or posting any of them.
create or replace function kc_travar_vendas(p_vendas uuid[], p_produtos uuid[], p_exclusivos uuid[] default '{}')
    returns void language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
begin
  perform 1 from kreyolcash_movimentacoes
   where id = any(array(select movimentacao_id from vendas where id = any(p_vendas))) order by id for no key update;
  perform 1 from vendas where id = any(p_vendas) order by id for no key update;
  perform kc_travar_produtos(array(select produto_id from vendas where id = any(p_vendas)) || p_produtos, p_exclusivos);
end $$;

-- The product level of the lock order. A product that counts its stock is locked alone (for no key
-- update): its stock is reserved and taken under that lock. One that does not is only shared
-- (for share): the holds and posts of its purchases read its price and status under the lock side
-- by side, and a moderation that switches it off (p_exclusivos) waits for them and they for it. A
-- product counts its stock or not from its creation, so every path sorts the same products the
-- same way, and a path never asks again in a stronger mode for a product it holds (which two such
-- paths could wait on each other for): the products locked alone first, by id, then the shared
-- ones, by id.
create or replace function kc_travar_produtos(p_produtos uuid[], p_exclusivos uuid[] default '{}')
    returns void language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
begin
  perform 1 from produtos
   where (id = any(p_produtos) and estoque is not null) or id = any(p_exclusivos)
   order by id for no key update;
  perform 1 from produtos
   where id = any(p_produtos) and estoque is null and not id = any(p_exclusivos)
   order by id for share;
end $$;

-- One pending purchase per buyer and product, so nobody locks a seller's stock with abandoned
-- attempts: a new attempt voids the buyer's pending one first. The advisory lock (this buyer,
-- this product) makes concurrent attempts take turns; it is taken before any row lock and only
-- here and by a batch of initiations (which takes all of its own first, in order), so it cannot
-- join a cycle, and the old sale is locked in the ledger's order (movement,
-- sale, product, account) before the new attempt locks the product.
create or replace function kc_compra_substituir(p_comprador uuid, p_produto uuid) returns void language plpgsql as $$
declare
  v_anterior uuid;
  v vendas;
begin
  perform pg_advisory_xact_lock(kc_compra_trava(p_comprador, p_produto));
  for v_anterior in
    select id from vendas where comprador_id = p_comprador and produto_id = p_produto and status = 'PENDENTE'
  loop
    v := kc_compra_travar(v_anterior, p_comprador);
    if v.status = 'PENDENTE' then perform kc_compra_anular(v.id, 'cancelada'); end if;
  end loop;
end $$;

-- p: {venda_id, comprador_id, codigo, pepper, max_tentativas, limites}
create or replace function kc_compra_verificar(p jsonb) returns jsonb language plpgsql as $$
declare
  v vendas;
  m kreyolcash_movimentacoes;
  v_recusa jsonb;
begin
  v := kc_compra_travar((p->>'venda_id')::uuid, (p->>'comprador_id')::uuid);
  if v.id is null then return kc_erro('sale_not_found'); end if;
  if v.status <> 'PENDENTE' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  select * into m from kreyolcash_movimentacoes where id = v.movimentacao_id;
  v_recusa := kc_codigo_movimento_conferir(m, 'purchase', kc_vinculo_dinheiro(v.comprador_id, v.vendedor_id, v.total_centis),
                                           p->>'codigo', p->>'pepper', (p->>'max_tentativas')::integer);
  if v_recusa is not null then
    if v_recusa->>'error' = 'code_expired' then perform kc_vencer(v.movimentacao_id, p->'limites');
    elsif v_recusa->>'error' = 'code_attempts_exceeded' then perform kc_compra_anular(v.id, 'cancelada');
    end if;
    return v_recusa;
  end if;
  v_recusa := kc_concluir(m, p->'limites', 'cancelada');
  if v_recusa is not null then return v_recusa; end if;
  return jsonb_build_object('ok', true, 'venda_id', v.id, 'movimentacao_id', v.movimentacao_id, 'vendedor_id', v.vendedor_id);
end $$;

-- A posted purchase's sale, locked with its product by the caller (kc_concluir): completed as a
-- batch's are (kc_compras_concluir).
create or replace function kc_compra_concluir(v vendas) returns void language plpgsql as $$
begin
  perform kc_compras_concluir(array[v.id]);
end $$;

-- Posted purchases' sales (p_vendas, in order), locked with their products by the caller: confirmed,
-- and their units taken from each product's stock in one update per product (sold out at 0). The
-- seller is told once the posting has committed (kc_compras_avisar, from notices.sql).
create or replace function kc_compras_concluir(p_vendas uuid[]) returns void language plpgsql as $$
begin
  update produtos pd
     set estoque = pd.estoque - s.quantidade, estoque_reservado = pd.estoque_reservado - s.quantidade,
         status = case when pd.estoque - s.quantidade = 0 then 'ESGOTADO' else pd.status end
    from (select produto_id, sum(quantidade)::integer as quantidade from vendas
           where id = any(p_vendas) group by produto_id) s
   where pd.id = s.produto_id and pd.estoque is not null;
  update vendas set status = 'CONFIRMADA', atualizado_em = now() where id = any(p_vendas);
end $$;

-- Confirmed purchases' sales (p_vendas, in order): each seller told, in order, on the company's
-- phone or the owner's when the company has none.
create or replace function kc_compras_avisar(p_vendas uuid[]) returns void language plpgsql as $$
begin
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  select 'whatsapp', coalesce(e.telefone, o.telefone), 'new_sale',
         jsonb_build_object('produto', pd.nome, 'quantidade', v.quantidade, 'valor_centis', v.total_centis,
                            'comprador', b.nome_completo),
         o.idioma, 'new_sale', v.id::text
    from unnest(p_vendas) with ordinality as u(id, k)
    join vendas v on v.id = u.id
    join empresas e on e.id = v.empresa_id
    join usuarios o on o.id = e.responsavel_id
    join produtos pd on pd.id = v.produto_id
    join usuarios b on b.id = v.comprador_id
   order by u.k;
end $$;

-- p: {venda_id, comprador_id}
create or replace function kc_compra_cancelar(p jsonb) returns jsonb language plpgsql as $$
declare v vendas;
begin
  v := kc_compra_travar((p->>'venda_id')::uuid, (p->>'comprador_id')::uuid);
  if v.id is null then return kc_erro('sale_not_found'); end if;
  if v.status <> 'PENDENTE' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  perform kc_compra_anular(v.id, 'cancelada');
  return jsonb_build_object('ok', true, 'venda_id', v.id);
end $$;

-- A new code for a pending purchase; the attempts already used and the expiry stay as they were.
-- p: {venda_id, comprador_id, codigo, pepper, max_tentativas, max_por_telefone, janela_ms}
create or replace function kc_compra_reenviar_codigo(p jsonb) returns jsonb language plpgsql as $$
declare
  v vendas;
  m kreyolcash_movimentacoes;
  b record;
  v_recusa jsonb;
begin
  v := kc_compra_travar((p->>'venda_id')::uuid, (p->>'comprador_id')::uuid);
  if v.id is null then return kc_erro('sale_not_found'); end if;
  if v.status <> 'PENDENTE' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  select * into m from kreyolcash_movimentacoes where id = v.movimentacao_id;
  select u.telefone, u.idioma, pd.nome as produto into b
    from usuarios u, produtos pd where u.id = v.comprador_id and pd.id = v.produto_id;
  v_recusa := kc_codigo_substituir(m, b.telefone, p || jsonb_build_object('finalidade', 'purchase',
    'vinculo', kc_vinculo_dinheiro(v.comprador_id, v.vendedor_id, v.total_centis)));
  if v_recusa is not null then return v_recusa; end if;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  values ('whatsapp', b.telefone, 'purchase_code',
          jsonb_build_object('codigo', p->>'codigo', 'produto', b.produto, 'valor_centis', v.total_centis,
                             'validade_min', ceil(extract(epoch from m.expira_em - now()) / 60)::integer),
          b.idioma, 'purchase_code', v.id::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', v.movimentacao_id,
                            'tentativas_restantes', (p->>'max_tentativas')::integer - m.codigo_tentativas);
end $$;

-- A batch of purchase initiations, in one transaction: the locks its items would take on keys and
-- rows are taken first, for the whole batch and in the ledger's order (the keys, the buyers' turns at their
-- products, the movements and sales of their pending attempts, the products, the buyers'
-- accounts). Each buyer's items, up to the first that is not new or would not be held, are held
-- with the others like them, as sets (kc_compras_reter_juntas); the rest run kc_compra_iniciar one
-- by one after them, in the batch's order. Every item gets the answer it would get alone after the
-- items before it (its instants are the batch's: one transaction). A hot product is locked, and
-- its stock committed, once for the batch rather than once a purchase. Answers a jsonb array in the
-- items' order.
create or replace function kc_compras_iniciar(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
declare
  v_itens jsonb := p->'itens';
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_pendentes uuid[];
  v_juntas jsonb;
  i record;
begin
  perform pg_advisory_xact_lock(k) from unnest(array(
    select distinct kc_idem_trava((e->>'comprador_id')::uuid, e->>'chave')
      from jsonb_array_elements(v_itens) e where e->>'chave' is not null order by 1)) k;
  perform pg_advisory_xact_lock(k) from unnest(array(
    select distinct kc_compra_trava((e->>'comprador_id')::uuid, (e->>'produto_id')::uuid)
      from jsonb_array_elements(v_itens) e order by 1)) k;
  -- Under the turns, no new attempt of these buyers at these products can begin elsewhere.
  v_pendentes := array(
    select v.id from vendas v
      join (select distinct (e->>'comprador_id')::uuid as comprador, (e->>'produto_id')::uuid as produto
              from jsonb_array_elements(v_itens) e) x on v.comprador_id = x.comprador and v.produto_id = x.produto
     where v.status = 'PENDENTE');
  perform kc_travar_vendas(v_pendentes,
    array(select (e->>'produto_id')::uuid from jsonb_array_elements(v_itens) e));
  perform 1 from kreyolcash_contas
   where id = any(array(select (e->>'comprador_id')::uuid from jsonb_array_elements(v_itens) e))
   order by id for no key update;
  v_juntas := kc_compras_reter_juntas(p);
  for i in select e, n from jsonb_array_elements(v_itens) with ordinality as t(e, n) order by n loop
    v_respostas[i.n] := coalesce(v_juntas->(i.n::text), kc_compra_iniciar(i.e));
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- The set path of a batch of purchase initiations, under its keys', turns', products' and buyers'
-- locks: each buyer's items, in the batch's order, up to the first that kc_compra_iniciar would not
-- hold in its turn, are held together by one statement per table: the buyers' holds, the movements
-- (each with its code's hash), the day's totals, the products' reserved stock, the sales, the code
-- messages and the keys' answers. An item is judged as in its turn (vale): after its buyer's
-- earlier items, whose totals the running sums over the buyer add (balance, the day's and month's
-- sending) and whose codes the code budget counts (ordem); and after every earlier item of its
-- product, whatever its buyer, whose units the running sum over the product takes from the stock
-- left. Counting every earlier unit, taken or not, errs toward the one-by-one path, and makes the
-- batch's answers those of its items in its order: the earlier items of a product never need more
-- than their units. An item whose buyer has a pending attempt at its product (before the batch or
-- earlier in it) is left to the one-by-one path, which voids that attempt first, as is every item
-- whose key was used. Every check errs toward the one-by-one path, which then names the refusal.
-- Answers {n: answer}, with the answer kc_compra_iniciar would give.
create or replace function kc_compras_reter_juntas(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_limites jsonb := p->'itens'->0->'limites';
  v_n bigint[];
  v_itens jsonb[];
  v_movs uuid[];
  v_vendas uuid[];
  v_compradores uuid[];
  v_donos uuid[];
  v_empresas uuid[];
  v_produtos uuid[];
  v_nomes text[];
  v_quantidades integer[];
  v_precos bigint[];
  v_totais bigint[];
  v_expiras timestamptz[];
  v_telefones text[];
  v_idiomas text[];
  v_validades bigint[];
  v_respostas jsonb[];
begin
  if v_limites->'0' is null or v_limites->'1' is null or v_limites->'2' is null then return '{}'; end if;
  select array_agg(c.n), array_agg(c.e), array_agg(c.mov), array_agg(c.venda), array_agg(c.comprador),
         array_agg(c.dono), array_agg(c.empresa), array_agg(c.produto), array_agg(c.nome), array_agg(c.quantidade),
         array_agg(c.preco), array_agg(c.total), array_agg(c.expira), array_agg(c.telefone), array_agg(c.idioma),
         array_agg((c.politica->>'validade_ms')::bigint)
    into v_n, v_itens, v_movs, v_vendas, v_compradores, v_donos, v_empresas, v_produtos, v_nomes, v_quantidades,
         v_precos, v_totais, v_expiras, v_telefones, v_idiomas, v_validades
    from (select a.*, kc_id_ordenado() as mov, kc_id_ordenado() as venda,
                 kc_vencimento((a.politica->>'validade_ms')::bigint) as expira
            from (select j.*, bool_and(j.vale) over (partition by j.comprador order by j.n) as na_vez
                    from (select f.n, f.e, f.comprador, f.produto, f.quantidade, f.politica, pd.nome,
                                 pd.preco_centis as preco, pd.preco_centis * f.quantidade as total,
                                 e.id as empresa, e.responsavel_id as dono, b.telefone, b.idioma,
                                 coalesce(
                                   f.quantidade is not null and f.vez_da_chave = 1 and chave.usada is null
                                   and f.vez_do_produto = 1 and pendente.existe is null
                                   and pd.status = 'ATIVO' and e.status = 'ATIVA'
                                   and o.status = 'ATIVO' and o.email_confirmado_em is not null
                                   and e.responsavel_id <> f.comprador
                                   and (not f.e ? 'preco_visto_centis'
                                        or (f.e->>'preco_visto_centis')::bigint = pd.preco_centis)
                                   and (pd.estoque is null
                                        or pd.estoque - pd.estoque_reservado >= sum(f.quantidade) over por_produto)
                                   and pd.preco_centis * f.quantidade <= kc_teto_centis()
                                   and (sm.maximo_centis is null or sm.saldo_centis + pd.preco_centis * f.quantidade <= sm.maximo_centis)
                                   -- least(): a sum of totals past the ceiling cannot overflow.
                                   and kc_lote_pode_reter(f.e, f.politica, v_limites, b, c, u.hoje_centis, u.mes_centis,
                                                          (sum(least(pd.preco_centis * f.quantidade, kc_teto_centis() + 1)) over w)::bigint,
                                                          f.ordem),
                                   false) as vale
                            from (select x.n, x.e, (x.e->>'comprador_id')::uuid as comprador,
                                         (x.e->>'produto_id')::uuid as produto,
                                         -- Only a quantity within its bounds is multiplied or summed: another is
                                         -- refused by the one-by-one path and takes no stock.
                                         case when (x.e->>'quantidade')::integer between 1 and (x.e->>'max_quantidade')::integer
                                              then (x.e->>'quantidade')::integer end as quantidade,
                                         coalesce(x.e->'politica', kc_politica_codigo(x.e->'validade_ms')) as politica,
                                         count(*) over (partition by (x.e->>'comprador_id')::uuid order by x.n) as ordem,
                                         count(*) over (partition by (x.e->>'comprador_id')::uuid, (x.e->>'produto_id')::uuid
                                                        order by x.n) as vez_do_produto,
                                         case when x.e->>'chave' is null then 1
                                              else count(*) over (partition by (x.e->>'comprador_id')::uuid, x.e->>'chave' order by x.n) end as vez_da_chave
                                    from jsonb_array_elements(p->'itens') with ordinality as x(e, n)) f
                            left join usuarios b on b.id = f.comprador
                            left join kreyolcash_contas c on c.id = f.comprador
                            left join produtos pd on pd.id = f.produto
                            left join empresas e on e.id = pd.empresa_id
                            left join usuarios o on o.id = e.responsavel_id
                            left join lateral kc_envios_usados(f.comprador) u on true
                            -- offset 0: read by the owner's key (inlined, it was planned as a walk of every
                            -- person's account).
                            left join lateral (select * from kc_saldo_maximo(v_limites, o.id) offset 0) sm on true
                            left join lateral (select true as usada from idempotency_keys k
                                                where k.user_id = f.comprador and k.chave = f.e->>'chave' offset 0) chave on true
                            left join lateral (select true as existe from vendas v
                                                where v.comprador_id = f.comprador and v.produto_id = f.produto
                                                  and v.status = 'PENDENTE' limit 1) pendente on true
                          window w as (partition by f.comprador order by f.n),
                                 por_produto as (partition by f.produto order by f.n)) j) a
           where a.na_vez
           order by a.comprador, a.n) c;
  if v_n is null then return '{}'; end if;
  v_respostas := array(
    select jsonb_build_object('ok', true, 'venda_id', x.venda, 'movimentacao_id', x.mov, 'total_centis', x.total,
                              'expira_em', x.expira)
      from unnest(v_vendas, v_movs, v_totais, v_expiras) with ordinality as x(venda, mov, total, expira, k) order by x.k);
  perform kc_reter_juntas(v_compradores, v_totais);
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, expira_em,
                                        confirmador_id, nos_limites, posta_ao_expirar, codigo_hash)
  select x.mov, 'compra', 'pendente', x.comprador, x.dono, x.comprador, x.dono, x.total,
         x.nome || ' × ' || x.quantidade, x.expira, null, true, false,
         kc_codigo_hash(x.e->>'pepper', 'purchase', x.mov, kc_vinculo_dinheiro(x.comprador, x.dono, x.total),
                        x.e->>'codigo')
    from unnest(v_movs, v_compradores, v_donos, v_totais, v_nomes, v_quantidades, v_itens, v_expiras)
         as x(mov, comprador, dono, total, nome, quantidade, e, expira);
  perform kc_envios_somar_juntos(v_compradores, v_totais);
  update produtos pd set estoque_reservado = pd.estoque_reservado + s.quantidade
    from (select produto, sum(quantidade)::integer as quantidade from unnest(v_produtos, v_quantidades) as y(produto, quantidade)
           group by produto) s
   where pd.id = s.produto and pd.id = any(v_produtos) and pd.estoque is not null;
  insert into vendas (id, empresa_id, comprador_id, vendedor_id, produto_id, quantidade, preco_unitario_centis,
                      total_centis, movimentacao_id)
  select x.venda, x.empresa, x.comprador, x.dono, x.produto, x.quantidade, x.preco, x.total, x.mov
    from unnest(v_vendas, v_empresas, v_compradores, v_donos, v_produtos, v_quantidades, v_precos, v_totais, v_movs)
         with ordinality as x(venda, empresa, comprador, dono, produto, quantidade, preco, total, mov, k)
   order by x.k;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
  select 'whatsapp', x.telefone, 'purchase_code',
         jsonb_build_object('codigo', x.e->>'codigo', 'produto', x.nome, 'valor_centis', x.total,
                            'validade_min', x.validade / 60000),
         x.idioma, 'purchase_code', x.venda::text
    from unnest(v_vendas, v_totais, v_nomes, v_itens, v_telefones, v_idiomas, v_validades)
         with ordinality as x(venda, total, nome, e, telefone, idioma, validade, k)
   order by x.k;
  insert into idempotency_keys (user_id, chave, request_hash, resposta)
  select x.comprador, x.e->>'chave', x.e->>'request_hash', x.resposta
    from unnest(v_compradores, v_itens, v_respostas) as x(comprador, e, resposta)
   where x.e->>'chave' is not null;
  return (select jsonb_object_agg(x.n::text, x.resposta) from unnest(v_n, v_respostas) as x(n, resposta));
end $$;

-- A batch of purchase verifications, in one transaction: the movements of the batch's sales (each
-- named by its buyer), then the sales and their products are locked, then their codes checked,
-- then every account of the movements' legs locked, each set in order (the ledger's order). A sale
-- whose first item in the batch has its right code is posted with the others like it as sets
-- (kc_postar_lote, then kc_compras_concluir: one update of each account and each product); the
-- rest run kc_compra_verificar one by one after them, in the batch's order: a wrong or late code
-- and what follows it for that sale, another buyer's sale, a posting the set path leaves to it. Answers a jsonb array in the items' order, the
-- answers those items get run alone (in another order only where a seller's maximum balance
-- decides between them).
create or replace function kc_compras_verificar(p jsonb) returns jsonb language plpgsql
    set plan_cache_mode = force_generic_plan set enable_seqscan = off set jit = off as $$
declare
  v_itens jsonb := p->'itens';
  v_respostas jsonb[] := array_fill(null::jsonb, array[jsonb_array_length(p->'itens')]);
  v_vendas uuid[];
  v_movs uuid[];
  v_certos uuid[];
  v_itens_certos bigint[];
  v_vendas_certas uuid[];
  v_postados uuid[] := '{}';
  v_k integer;
  i record;
begin
  select coalesce(array_agg(v.id), '{}'), coalesce(array_agg(v.movimentacao_id), '{}') into v_vendas, v_movs
    from vendas v
    join (select distinct (e->>'venda_id')::uuid as venda, (e->>'comprador_id')::uuid as comprador
            from jsonb_array_elements(v_itens) e) x on v.id = x.venda and v.comprador_id = x.comprador;
  perform kc_travar_vendas(v_vendas, '{}');
  -- The codes are their movements' (codes.sql), read under the sales' locks; the accounts' come after.
  select coalesce(array_agg(f.mov order by f.n), '{}'), coalesce(array_agg(f.n order by f.n), '{}'),
         coalesce(array_agg(f.venda order by f.n), '{}')
    into v_certos, v_itens_certos, v_vendas_certas
    from (select distinct on (v.id) v.id as venda, v.movimentacao_id as mov, x.n, x.e, v.status, v.comprador_id,
                 v.vendedor_id, v.total_centis
            from jsonb_array_elements(v_itens) with ordinality as x(e, n)
            join vendas v on v.id = (x.e->>'venda_id')::uuid and v.comprador_id = (x.e->>'comprador_id')::uuid
           where v.id = any(v_vendas)
           order by v.id, x.n) f
    join kreyolcash_movimentacoes m on m.id = f.mov
   where f.status = 'PENDENTE' and f.e->'limites' = v_itens->0->'limites'
     and kc_codigo_movimento_vale(m, 'purchase', kc_vinculo_dinheiro(f.comprador_id, f.vendedor_id, f.total_centis),
                                  f.e->>'codigo', f.e->>'pepper', (f.e->>'max_tentativas')::integer);
  perform kc_travar_contas_pendentes(v_movs, 'compra');
  if cardinality(v_certos) > 0 then
    v_postados := kc_postar_lote(v_certos, v_itens->0->'limites');
    perform kc_compras_concluir(array(select x.venda from unnest(v_certos, v_vendas_certas) with ordinality as x(mov, venda, k)
                                       where x.mov = any(v_postados) order by x.k));
  end if;
  for i in select e, n from jsonb_array_elements(v_itens) with ordinality as t(e, n) order by n loop
    v_k := array_position(v_itens_certos, i.n);
    if v_k is not null and v_certos[v_k] = any(v_postados) then
      v_respostas[i.n] := (select jsonb_build_object('ok', true, 'venda_id', v.id, 'movimentacao_id', v.movimentacao_id,
                                                     'vendedor_id', v.vendedor_id)
                             from vendas v where v.id = v_vendas_certas[v_k]);
    else
      v_respostas[i.n] := kc_compra_verificar(i.e);
    end if;
  end loop;
  return to_jsonb(v_respostas);
end $$;

-- Purchases, two-phase like transfers. Lock order: sale/movement/code, then product, then balance
-- rows in ascending user_id. Purchase movements wait as 'aguardando_codigo'.

create or replace function kc_compra_iniciar(
    p_comprador uuid, p_produto uuid, p_quantidade integer, p_max_quantidade integer,
    p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
    p_chave text, p_request_hash text, p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_idem_abrir(p_comprador, p_chave, p_request_hash);
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(p_comprador, p_chave,
    kc_compra_reservar(p_comprador, p_produto, p_quantidade, p_max_quantidade, p_codigo, p_pepper,
                       p_validade_ms, p_mensagem, p_max_codigos, p_janela_ms));
end $$;

create or replace function kc_compra_reservar(
    p_comprador uuid, p_produto uuid, p_quantidade integer, p_max_quantidade integer,
    p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
    p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
declare
  p record;
  v_total bigint;
  v_recentes integer;
  v_venda uuid := gen_random_uuid();
  v_mov uuid;
  v_expira timestamptz := now() + make_interval(secs => p_validade_ms / 1000.0);
begin
  if p_quantidade is null or p_quantidade < 1 or p_quantidade > p_max_quantidade then
    return kc_erro('invalid_quantity');
  end if;
  select pr.id, pr.nome, pr.preco_centis, pr.estoque, pr.estoque_reservado, pr.status,
         e.id as empresa_id, e.responsavel_id, e.status as empresa_status
    into p
    from produtos pr join empresas e on e.id = pr.empresa_id
   where pr.id = p_produto
     for update of pr;
  if not found or p.status <> 'ATIVO' or p.empresa_status <> 'ATIVA' then return kc_erro('product_not_found'); end if;
  if p.responsavel_id = p_comprador then return kc_erro('own_company_purchase'); end if;
  if p.estoque is not null and p.estoque - p.estoque_reservado < p_quantidade then
    return kc_erro('insufficient_stock', jsonb_build_object('disponivel', p.estoque - p.estoque_reservado));
  end if;
  -- The price is the server's, never the client's.
  v_total := p.preco_centis * p_quantidade;
  if v_total > 9007199254740991 then return kc_erro('invalid_amount'); end if;
  perform 1 from kreyolcash_saldos where user_id = p_comprador for update;
  -- Counting stops at the limit, so a busy payer costs no more than a quiet one. A limit of 0
  -- means none (the ledger benchmark measures the money path without this policy).
  if p_max_codigos > 0 then
    select count(*) into v_recentes from (
      select 1 from kreyolcash_movimentacoes
       where remetente_id = p_comprador and criado_em > now() - make_interval(secs => p_janela_ms / 1000.0)
       limit p_max_codigos) recentes;
    if v_recentes >= p_max_codigos then return kc_erro('rate_limited'); end if;
  end if;
  update kreyolcash_saldos set reservado_centis = reservado_centis + v_total, atualizado_em = now()
   where user_id = p_comprador and saldo_centis - reservado_centis >= v_total;
  if not found then return kc_erro('insufficient_balance', jsonb_build_object('total_centis', v_total)); end if;
  update produtos set estoque_reservado = estoque_reservado + p_quantidade
   where id = p.id and estoque is not null;
  insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, quantidade_centis, tipo, status, observacoes, expira_em)
  values (p_comprador, p.responsavel_id, v_total, 'transferencia', 'aguardando_codigo',
          'Venda ' || v_venda || ': ' || p.nome || ' × ' || p_quantidade, v_expira)
  returning id into v_mov;
  insert into vendas (id, empresa_id, comprador_id, vendedor_id, produto_id, quantidade, preco_unitario_centis,
                      total_centis, movimentacao_id)
  values (v_venda, p.empresa_id, p_comprador, p.responsavel_id, p.id, p_quantidade, p.preco_centis, v_total, v_mov);
  insert into kreyolcash_codigos_verificacao (movimentacao_id, codigo_hash, expira_em)
  values (v_mov, kc_codigo_hash(p_codigo, p_pepper, 'purchase', v_mov, p_comprador, p.responsavel_id, v_total), v_expira);
  insert into outbox_messages (channel, recipient, text, purpose, referencia)
  select 'whatsapp', u.telefone,
         replace(replace(p_mensagem, '{{valor}}', kc_formatar_centis(v_total)), '{{produto}}', p.nome),
         'purchase_code', v_venda::text
    from usuarios u where u.id = p_comprador;
  return jsonb_build_object('ok', true, 'venda_id', v_venda, 'movimentacao_id', v_mov,
                            'total_centis', v_total, 'expira_em', v_expira);
end $$;

create or replace function kc_compra_anular(p_venda uuid) returns void language plpgsql as $$
declare v record;
begin
  select id, comprador_id, vendedor_id, produto_id, quantidade, total_centis, movimentacao_id into v
    from vendas where id = p_venda;
  update kreyolcash_saldos set reservado_centis = reservado_centis - v.total_centis, atualizado_em = now()
   where user_id = v.comprador_id;
  update produtos set estoque_reservado = estoque_reservado - v.quantidade where id = v.produto_id and estoque is not null;
  update kreyolcash_movimentacoes set status = 'cancelada', concluido_em = now() where id = v.movimentacao_id;
  update vendas set status = 'CANCELADA', atualizado_em = now() where id = v.id;
  perform kc_notificar('transaction', array[v.comprador_id, v.vendedor_id], v.movimentacao_id);
end $$;

create or replace function kc_compra_verificar(
    p_venda uuid, p_comprador uuid, p_codigo text, p_pepper text, p_max_tentativas integer,
    p_msg_vendedor text) returns jsonb language plpgsql as $$
declare
  v record;
  v_tentativas integer;
begin
  select s.id, s.status, s.comprador_id, s.vendedor_id, s.produto_id, s.empresa_id, s.quantidade,
         s.total_centis, s.movimentacao_id, c.codigo_hash, c.expira_em, c.tentativas_telefone
    into v
    from vendas s join kreyolcash_codigos_verificacao c on c.movimentacao_id = s.movimentacao_id
   where s.id = p_venda
     for update of s, c;
  if not found or v.comprador_id <> p_comprador then return kc_erro('sale_not_found'); end if;
  if v.status <> 'PENDENTE' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  perform 1 from produtos where id = v.produto_id for update;
  if v.expira_em <= now() then
    perform kc_compra_anular(v.id);
    return kc_erro('code_expired');
  end if;
  if kc_codigo_hash(p_codigo, p_pepper, 'purchase', v.movimentacao_id, v.comprador_id, v.vendedor_id, v.total_centis)
     <> v.codigo_hash then
    v_tentativas := v.tentativas_telefone + 1;
    update kreyolcash_codigos_verificacao set tentativas_telefone = v_tentativas where movimentacao_id = v.movimentacao_id;
    if v_tentativas >= p_max_tentativas then
      perform kc_compra_anular(v.id);
      return kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb);
    end if;
    return kc_erro('invalid_codes', jsonb_build_object('tentativas_restantes', p_max_tentativas - v_tentativas));
  end if;
  perform 1 from kreyolcash_saldos where user_id in (v.comprador_id, v.vendedor_id) order by user_id for update;
  update kreyolcash_saldos
     set saldo_centis = saldo_centis - v.total_centis,
         reservado_centis = reservado_centis - v.total_centis, atualizado_em = now()
   where user_id = v.comprador_id;
  insert into kreyolcash_saldos (user_id, saldo_centis) values (v.vendedor_id, v.total_centis)
  on conflict (user_id) do update
    set saldo_centis = kreyolcash_saldos.saldo_centis + excluded.saldo_centis, atualizado_em = now();
  update produtos
     set estoque = estoque - v.quantidade, estoque_reservado = estoque_reservado - v.quantidade,
         status = case when estoque - v.quantidade = 0 then 'ESGOTADO' else status end
   where id = v.produto_id and estoque is not null;
  update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = v.movimentacao_id;
  update kreyolcash_codigos_verificacao set telefone_verificado = true where movimentacao_id = v.movimentacao_id;
  update vendas set status = 'CONFIRMADA', atualizado_em = now() where id = v.id;
  -- The seller hears on the company's phone, or the owner's when the company has none.
  insert into outbox_messages (channel, recipient, text, purpose, referencia)
  select 'whatsapp', coalesce(e.telefone, o.telefone),
         replace(replace(replace(replace(p_msg_vendedor,
           '{{produto}}', pr.nome), '{{quantidade}}', v.quantidade::text),
           '{{valor}}', kc_formatar_centis(v.total_centis)), '{{comprador}}', b.nome_completo),
         'new_sale', v.id::text
    from empresas e join usuarios o on o.id = e.responsavel_id
    join produtos pr on pr.id = v.produto_id
    join usuarios b on b.id = v.comprador_id
   where e.id = v.empresa_id;
  return jsonb_build_object('ok', true, 'venda_id', v.id, 'movimentacao_id', v.movimentacao_id, 'vendedor_id', v.vendedor_id);
end $$;

create or replace function kc_compra_cancelar(p_venda uuid, p_comprador uuid) returns jsonb language plpgsql as $$
declare v record;
begin
  select id, status, comprador_id, produto_id into v from vendas where id = p_venda for update;
  if not found or v.comprador_id <> p_comprador then return kc_erro('sale_not_found'); end if;
  if v.status <> 'PENDENTE' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  perform 1 from produtos where id = v.produto_id for update;
  perform kc_compra_anular(v.id);
  return jsonb_build_object('ok', true, 'venda_id', v.id);
end $$;

create or replace function kc_compra_expirar_uma() returns boolean language plpgsql as $$
declare v record;
begin
  select s.id, s.produto_id into v
    from vendas s join kreyolcash_movimentacoes m on m.id = s.movimentacao_id
   where s.status = 'PENDENTE' and m.expira_em <= now()
   order by m.expira_em
   limit 1
     for update of s skip locked;
  if not found then return false; end if;
  perform 1 from produtos where id = v.produto_id for update;
  perform kc_compra_anular(v.id);
  return true;
end $$;

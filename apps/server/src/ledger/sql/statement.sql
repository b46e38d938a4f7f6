-- A person's statement: a page of it, or one movement of it, as its screens show them. Read
-- through a PL/pgSQL function because such a function keeps its statements' plans for the life
-- of the connection: the pool sends unnamed statements (PgBouncer's transaction mode keeps no
-- prepared ones), and PostgreSQL planned the statement's query again on every read, which cost
-- more than reading it (ledger/statement.repository.ts).
--
-- What a person sees of a movement: everything they pay (their pending and cancelled attempts
-- included), and only what was posted of what they are paid. A hold, a void or an expiry moved
-- no money to the payee, so it never appears on their side. Only what their own wallet pays or
-- receives (a person's account has the person's id): an agent's cash-ins, cash-outs and float
-- name the agent as a party but move their float, which the agent's screen shows instead. The
-- sent and received tabs show only movements between two people.

-- The ids of a page, newest first: each side is read from its own party index
-- ((remetente_id | destinatario_id, criado_em desc, id desc)) from the cursor on, at most a page
-- of it; "all" merges both sides' pages and keeps the newest. The sides never share a movement
-- (its payer is never its payee: CHECK kreyolcash_mov_partes). Without a cursor, the cursor is
-- the end of time, so every read has the same plan.
create or replace function kc_extrato_pagina_ids(p_usuario uuid, p_filtro text, p_limite integer,
                                                 p_antes_em timestamptz, p_antes_id uuid)
    returns uuid[] language plpgsql stable
    set enable_seqscan = off set jit = off as $$
declare
  v_em timestamptz := coalesce(p_antes_em, 'infinity');
  v_id uuid := coalesce(p_antes_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff');
begin
  if p_filtro = 'sent' then
    return array(select m.id from kreyolcash_movimentacoes m
                  where m.remetente_id = p_usuario and m.conta_debito = p_usuario
                    and m.tipo in ('transferencia', 'compra', 'estorno') and (m.criado_em, m.id) < (v_em, v_id)
                  order by m.criado_em desc, m.id desc limit p_limite);
  elsif p_filtro = 'received' then
    return array(select m.id from kreyolcash_movimentacoes m
                  where m.destinatario_id = p_usuario and m.conta_credito = p_usuario and m.status = 'concluida'
                    and m.tipo in ('transferencia', 'compra', 'estorno') and (m.criado_em, m.id) < (v_em, v_id)
                  order by m.criado_em desc, m.id desc limit p_limite);
  elsif p_filtro = 'all' then
    return array(select x.id from (
      (select m.id, m.criado_em from kreyolcash_movimentacoes m
        where m.remetente_id = p_usuario and m.conta_debito = p_usuario and (m.criado_em, m.id) < (v_em, v_id)
        order by m.criado_em desc, m.id desc limit p_limite)
      union all
      (select m.id, m.criado_em from kreyolcash_movimentacoes m
        where m.destinatario_id = p_usuario and m.conta_credito = p_usuario and m.status = 'concluida'
          and (m.criado_em, m.id) < (v_em, v_id)
        order by m.criado_em desc, m.id desc limit p_limite)) x
      order by x.criado_em desc, x.id desc limit p_limite);
  end if;
  raise exception 'kc_extrato_pagina_ids: no statement tab %', p_filtro using errcode = '22023';
end $$;

-- One plan for every call (force_generic_plan): PostgreSQL judged a plan made for one id cheaper
-- than the generic one and so planned this query afresh at every call, about 400 µs, ten times the
-- reading of one movement (docs/performance.md, session 21). The join settings are its callers'
-- (a verification's batch reads it too), so that its plan is the same whoever calls it first.
-- The statement's rows of these movements for this person, newest first: the movement, its two
-- people, whether a reversal gave it back, whether a "wrong person" report on it is open, the
-- agent whose float a cash-in, cash-out or refund moved, a purchase's sale, and (p_detalhe) what
-- the payer paid beside leg 1 (fee and commission legs). A movement the person may not see is
-- left out.
create or replace function kc_extrato_linhas(p_usuario uuid, p_ids uuid[], p_detalhe boolean)
    returns table (id uuid, remetente_id uuid, destinatario_id uuid, quantidade_centis bigint, tipo text,
                   status text, observacoes text, criado_em timestamptz, criado_em_exato text,
                   remetente_nome text, remetente_email text, destinatario_nome text, destinatario_email text,
                   estornada boolean, em_verificacao boolean, agente jsonb, compra jsonb, taxa_centis bigint)
    language plpgsql stable
    set enable_seqscan = off set jit = off set enable_hashjoin = off set enable_mergejoin = off
    set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
  select m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis, m.tipo::text, m.status::text,
         m.observacoes::text, m.criado_em,
         to_char(m.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
         r.nome_completo::text, r.email::text, d.nome_completo::text, d.email::text,
         exists (select 1 from kreyolcash_movimentacoes x where x.referente_a = m.id and x.tipo = 'estorno'),
         -- One row at most (reclamacoes.movimentacao_id is unique).
         exists (select 1 from reclamacoes rc where rc.movimentacao_id = m.id and rc.status = 'aberta'),
         -- A probe of the agents' unique float account, for the agents' movements alone.
         case when m.tipo in ('deposito', 'saque', 'reembolso') then
           (select jsonb_build_object('numero', a.numero, 'nome_comercial', a.nome_comercial) from agentes a
             where a.conta_id = case when m.tipo = 'saque' then m.conta_credito else m.conta_debito end) end,
         -- The sale, its product and its company are foreign keys of one another: all or none.
         case when m.tipo = 'compra' then
           (select jsonb_build_object('venda_id', v.id, 'produto_id', v.produto_id, 'empresa_id', v.empresa_id,
                                      'produto_nome', pr.nome, 'empresa_nome', e.nome, 'quantidade', v.quantidade,
                                      'preco_unitario_centis', v.preco_unitario_centis)
              from vendas v join produtos pr on pr.id = v.produto_id join empresas e on e.id = v.empresa_id
             where v.movimentacao_id = m.id) end,
         -- A probe of the legs' primary key: a movement without stored legs has none.
         case when p_detalhe and m.remetente_id = p_usuario then
           (select sum(l.quantidade_centis)::int8 from kreyolcash_pernas l
             where l.movimentacao_id = m.id and l.numero > 1 and l.conta_debito = m.conta_debito) end
    from kreyolcash_movimentacoes m
    left join usuarios r on r.id = m.remetente_id
    left join usuarios d on d.id = m.destinatario_id
   where m.id = any(p_ids)
     and ((m.remetente_id = p_usuario and m.conta_debito = p_usuario)
          or (m.destinatario_id = p_usuario and m.conta_credito = p_usuario and m.status = 'concluida'))
   order by m.criado_em desc, m.id desc;
end $$;

-- Several people's pages in one call, each row tagged with the position of its page's request:
-- the statement reads of requests that arrive together share one round trip (a batch of
-- ledger/statement-pages.ts). Each page is the one kc_extrato_pagina_ids and kc_extrato_linhas
-- give that request alone.
create or replace function kc_extrato_paginas(p_usuarios uuid[], p_filtros text[], p_limites integer[],
                                              p_antes_em timestamptz[], p_antes_id uuid[])
    returns table (pedido integer, id uuid, remetente_id uuid, destinatario_id uuid, quantidade_centis bigint,
                   tipo text, status text, observacoes text, criado_em timestamptz, criado_em_exato text,
                   remetente_nome text, remetente_email text, destinatario_nome text, destinatario_email text,
                   estornada boolean, em_verificacao boolean, agente jsonb, compra jsonb, taxa_centis bigint)
    language plpgsql stable as $$
begin
  for i in 1 .. coalesce(cardinality(p_usuarios), 0) loop
    return query
    select i, l.* from kc_extrato_linhas(p_usuarios[i],
      kc_extrato_pagina_ids(p_usuarios[i], p_filtros[i], p_limites[i], p_antes_em[i], p_antes_id[i]), false) l;
  end loop;
end $$;

-- A person's balance as the home shows it, and how much of what is held is held by open "wrong
-- person" reports against their payments (part of reservado_centis), which the screens tell apart
-- from money waiting for a code. No row for someone without an account.
create or replace function kc_saldo(p_usuario uuid)
    returns table (saldo_centis bigint, reservado_centis bigint, disponivel_centis bigint, em_verificacao_centis bigint)
    language plpgsql stable
    set enable_seqscan = off set jit = off as $$
#variable_conflict use_column
begin
  return query
  select c.saldo_centis, c.reservado_centis, c.saldo_centis - c.reservado_centis,
         coalesce((select sum(rc.retido_centis) from reclamacoes rc
                    where rc.recebedor_id = c.user_id and rc.status = 'aberta'), 0)::int8
    from kreyolcash_contas c
   where c.user_id = p_usuario and c.tipo = 'usuario';
end $$;

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

-- A movement as the API's Transaction, in JSON, for the person looking at it: the one presenter
-- of a movement. Written by concatenation in the schema's key order, byte for byte what the
-- server's serializer wrote from the same row (a test holds it to the schema): PostgreSQL's JSON
-- builders cost twice as much, and cannot keep the order. Sent, received, bonus, signup or
-- adjustment (any other kind, so a kind added later still shows); an expired hold reads as
-- cancelled; the amount also in ₭ (the centis' decimal, without trailing zeros); the instant to the
-- millisecond, and on Haiti's clocks. A purchase's stored text is for operators, not a note from
-- the payer: its line stands for it. The people's names and e-mails, p_agente and p_compra are
-- JSON already, or null (the viewer's own name is written as JSON once a page, not once a row); the
-- kind is one of the ledger's own words, which need no escaping. Outside tests nothing checks this
-- text against the schema (jsonTextSender does under test): every key written here must be one of
-- the Transaction schema's (packages/domain/src/schemas/responses/wallet.ts).
-- PostgreSQL writes this function into its caller's query (inlines it) only while each parameter
-- whose argument may be a subquery (p_agente, p_compra) appears once: a second use of p_compra made
-- it a call of its own per movement, and doubled a page's cost.
create or replace function kc_transacao_json(
    p_usuario uuid, p_id uuid, p_remetente uuid, p_tipo text, p_status text, p_centis bigint,
    p_criado_em timestamptz, p_exato text, p_remetente_nome_json text, p_remetente_email_json text,
    p_destinatario_nome_json text, p_destinatario_email_json text, p_observacoes text, p_estornada boolean,
    p_em_verificacao boolean, p_agente text, p_compra text)
    returns text language sql stable as $$
  select '{"id":"' || p_id
    || '","type":"' || case when p_tipo in ('transferencia', 'compra', 'estorno', 'deposito', 'saque', 'reembolso')
                            then case when p_remetente = p_usuario then 'sent' else 'received' end
                            when p_tipo = 'cadastro' then 'signup' when p_tipo = 'bonus' then 'bonus'
                            else 'adjustment' end
    || '","status":"' || case when p_status = 'expirada' then 'cancelada' else p_status end
    || '","quantidade_centis":' || p_centis
    || ',"quantidade_kreyolcash":' || trim_scale(p_centis::numeric / 100)
    || ',"criado_em":"' || left(p_exato, 23) || 'Z'
    || '","criado_em_haiti":"' || to_char(p_criado_em at time zone 'America/Port-au-Prince', 'YYYY-MM-DD"T"HH24:MI:SS')
    || '","remetente_nome":' || coalesce(p_remetente_nome_json, 'null')
    || ',"remetente_email":' || coalesce(p_remetente_email_json, 'null')
    || ',"destinatario_nome":' || coalesce(p_destinatario_nome_json, 'null')
    || ',"destinatario_email":' || coalesce(p_destinatario_email_json, 'null')
    || ',"observacoes":' || case when p_tipo = 'compra' then 'null'
                                 else coalesce(to_json(p_observacoes)::text, 'null') end
    || ',"tipo":"' || p_tipo || '"'
    || ',"expirada":' || (p_status = 'expirada')
    || ',"estornada":' || p_estornada
    || ',"em_verificacao":' || p_em_verificacao
    || ',"compra":' || coalesce(p_compra, 'null')
    || coalesce(',"agente":' || p_agente, '')
    || '}'
$$;

-- A movement of a person's statement, as that person sees it, or no row if they may not see it:
-- presented (kc_transacao_json) from the movement, its two people, whether a reversal gave it
-- back, whether a "wrong person" report on it is open, the agent whose float a cash-in, cash-out
-- or refund moved, and a purchase's sale; beside it, the instant to the microsecond (a page's
-- cursor) and (p_detalhe) what the payer paid beside leg 1 (fee and commission legs). The person
-- is one of the movement's two people, whose name and e-mail the caller writes as JSON once for
-- all their rows; only the other one is read here. At an agent's counter (a cash-in, a cash-out,
-- its refund) the other one is the agent, whom the customer knows by their business (agente): the
-- agent's own name and e-mail are not the customer's to see.
-- A SQL function with no settings of its own, so that PostgreSQL writes it into its caller's
-- query (inlines it): a page reads its rows in one plan, with the caller's settings, instead of
-- calling a function per movement.
create or replace function kc_extrato_linha(p_usuario uuid, p_nome_json text, p_email_json text, p_id uuid,
                                            p_detalhe boolean)
    returns table (id uuid, criado_em_exato text, taxa_centis bigint, apresentada text)
    language sql stable as $$
  select x.id, x.exato, x.taxa,
         kc_transacao_json(p_usuario, x.id, x.remetente_id, x.tipo, x.status, x.quantidade_centis, x.criado_em,
                           x.exato, x.remetente_nome, x.remetente_email, x.destinatario_nome, x.destinatario_email,
                           x.observacoes, x.estornada, x.em_verificacao, x.agente, x.compra)
    from (
      select m.id, m.remetente_id, m.quantidade_centis, m.tipo::text as tipo, m.status::text as status,
             m.observacoes::text as observacoes, m.criado_em,
             to_char(m.criado_em at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as exato,
             case when m.remetente_id = p_usuario then p_nome_json else to_json(o.nome_completo::text)::text end
               as remetente_nome,
             case when m.remetente_id = p_usuario then p_email_json else to_json(o.email::text)::text end
               as remetente_email,
             case when m.destinatario_id = p_usuario then p_nome_json else to_json(o.nome_completo::text)::text end
               as destinatario_nome,
             case when m.destinatario_id = p_usuario then p_email_json else to_json(o.email::text)::text end
               as destinatario_email,
             exists (select 1 from kreyolcash_movimentacoes x where x.referente_a = m.id and x.tipo = 'estorno')
               as estornada,
             -- One row at most (reclamacoes.movimentacao_id is unique).
             exists (select 1 from reclamacoes rc where rc.movimentacao_id = m.id and rc.status = 'aberta')
               as em_verificacao,
             -- A probe of the agents' unique float account, for the agents' movements alone.
             case when m.tipo in ('deposito', 'saque', 'reembolso') then
               (select '{"numero":' || a.numero || ',"nome_comercial":' || to_json(a.nome_comercial::text)::text || '}'
                  from agentes a
                 where a.conta_id = case when m.tipo = 'saque' then m.conta_credito else m.conta_debito end) end
               as agente,
             -- The sale, its product and its company are foreign keys of one another: all or none.
             case when m.tipo = 'compra' then
               (select '{"venda_id":"' || v.id || '","produto_id":"' || v.produto_id || '","empresa_id":"' || v.empresa_id
                       || '","produto_nome":' || to_json(pr.nome::text)::text
                       || ',"empresa_nome":' || to_json(e.nome::text)::text
                       || ',"quantidade":' || v.quantidade || ',"preco_unitario_centis":' || v.preco_unitario_centis || '}'
                  from vendas v join produtos pr on pr.id = v.produto_id join empresas e on e.id = v.empresa_id
                 where v.movimentacao_id = m.id) end
               as compra,
             -- A probe of the legs' primary key: a movement without stored legs has none.
             case when p_detalhe and m.remetente_id = p_usuario then
               (select sum(l.quantidade_centis)::int8 from kreyolcash_pernas l
                 where l.movimentacao_id = m.id and l.numero > 1 and l.conta_debito = m.conta_debito) end
               as taxa
        from kreyolcash_movimentacoes m
        left join usuarios o
          on o.id = case when m.tipo in ('deposito', 'saque', 'reembolso') then null
                         when m.remetente_id = p_usuario then m.destinatario_id else m.remetente_id end
       where m.id = p_id
         and ((m.remetente_id = p_usuario and m.conta_debito = p_usuario)
              or (m.destinatario_id = p_usuario and m.conta_credito = p_usuario and m.status = 'concluida'))) x
$$;

-- The plans below are made once per connection (force_generic_plan): PostgreSQL judged a plan
-- made for one id cheaper than the generic one and so planned the query afresh at every call,
-- about 400 µs, ten times the reading of one movement (docs/performance.md, session 21). The join
-- settings are part of each function, so that its plan is the same whoever calls it first.

-- One person's rows of these movements, newest first: a movement's detail, and the verification
-- that answers with it. No bitmap scans: the generic plan, costed for a person with few movements,
-- read all of the person's movements through a bitmap of both party indexes and kept the asked
-- ones, so each row cost as much as the person's history (411 movements read for one in a test),
-- where the movement's key reads it alone.
create or replace function kc_extrato_linhas(p_usuario uuid, p_ids uuid[], p_detalhe boolean)
    returns table (id uuid, criado_em_exato text, taxa_centis bigint, apresentada text)
    language plpgsql stable
    set enable_seqscan = off set enable_bitmapscan = off set jit = off set enable_hashjoin = off
    set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  return query
  select l.id, l.criado_em_exato, l.taxa_centis, l.apresentada
    from unnest(p_ids) as i(id)
    left join usuarios u on u.id = p_usuario
   cross join lateral kc_extrato_linha(p_usuario, to_json(u.nome_completo::text)::text, to_json(u.email::text)::text,
                                       i.id, p_detalhe) l
   order by l.criado_em_exato desc, l.id desc;
end $$;

-- One null in a movement's concatenation nulls its whole text, which string_agg would skip: a
-- movement missing from a page is an error, never a shorter page.
create or replace function kc_extrato_falta(p_usuario uuid) returns text language plpgsql as $$
begin
  raise exception 'kc_extrato_paginas: a movement of % is missing from its page', p_usuario using errcode = 'XX000';
end $$;

-- Pages of people's statements, one per request, as the API answers them: a page's movements'
-- JSON, newest first, joined by commas (at most its limit of them), and the instant and id of its
-- last one when more follow (the next page's cursor); null when it is the last page. Each page is
-- tagged with its request's position in the arrays, in no particular order (the caller matches
-- them by it). The requests that arrive together share one call (a batch of
-- ledger/statement-pages.ts); a lone one is a call of one. One statement reads every page of the
-- call: a page pays no statement's start of its own, and its rows are presented by one plan
-- (docs/performance.md, session 33).
-- A page's ids are read from each side's party index ((remetente_id | destinatario_id, criado_em
-- desc, id desc)) from the cursor on, at most a page and one of it (the one more tells whether
-- more follow; only the page's own movements are written); "all" merges both sides' and keeps the
-- newest. The sides never share a movement (its payer is never its payee: CHECK
-- kreyolcash_mov_partes). Without a cursor, the cursor is the end of time, so every read has the
-- same plan. The last movement of a page is its oldest: its instant is the smallest of the page.
-- No bitmap scans: the sent and received tabs' kinds look rare to the planner, which then read
-- all of a person's movements through a bitmap and sorted them for a page (28 ms for a shop with
-- 100 000 sales, against 0.4 ms walking the party index newest first and stopping at the page).
create or replace function kc_extrato_paginas(p_usuarios uuid[], p_filtros text[], p_limites integer[],
                                              p_antes_em timestamptz[], p_antes_id uuid[])
    returns table (pedido integer, itens text, seguinte_exato text, seguinte_id uuid)
    language plpgsql stable
    set enable_seqscan = off set enable_bitmapscan = off set jit = off set enable_hashjoin = off
    set enable_mergejoin = off set plan_cache_mode = force_generic_plan as $$
#variable_conflict use_column
begin
  -- unnest pads shorter arrays with nulls, which would read as some other request.
  if p_filtros is null or not p_filtros <@ array['all', 'sent', 'received']
     or cardinality(p_usuarios) is distinct from cardinality(p_filtros)
     or cardinality(p_limites) is distinct from cardinality(p_filtros)
     or cardinality(p_antes_em) is distinct from cardinality(p_filtros)
     or cardinality(p_antes_id) is distinct from cardinality(p_filtros) then
    raise exception 'kc_extrato_paginas: no statement tab in %, or requests of unequal lengths', p_filtros
      using errcode = '22023';
  end if;
  return query
  select p.pedido, case when a.escritas < cardinality(p.ids[1:p.limite]) then kc_extrato_falta(p.usuario)
                        else coalesce(a.itens, '') end,
         case when cardinality(p.ids) > p.limite then a.ultimo_exato end,
         case when cardinality(p.ids) > p.limite then p.ids[p.limite] end
    from (
      select r.n::int as pedido, r.usuario, r.limite, to_json(u.nome_completo::text)::text as nome,
             to_json(u.email::text)::text as email, case r.filtro
        when 'sent' then array(
          select m.id from kreyolcash_movimentacoes m
           where m.remetente_id = r.usuario and m.conta_debito = r.usuario
             and m.tipo in ('transferencia', 'compra', 'estorno')
             and (m.criado_em, m.id) < (coalesce(r.antes_em, 'infinity'), coalesce(r.antes_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
           order by m.criado_em desc, m.id desc limit r.limite + 1)
        when 'received' then array(
          select m.id from kreyolcash_movimentacoes m
           where m.destinatario_id = r.usuario and m.conta_credito = r.usuario and m.status = 'concluida'
             and m.tipo in ('transferencia', 'compra', 'estorno')
             and (m.criado_em, m.id) < (coalesce(r.antes_em, 'infinity'), coalesce(r.antes_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
           order by m.criado_em desc, m.id desc limit r.limite + 1)
        else array(
          select x.id from (
            (select m.id, m.criado_em from kreyolcash_movimentacoes m
              where m.remetente_id = r.usuario and m.conta_debito = r.usuario
                and (m.criado_em, m.id) < (coalesce(r.antes_em, 'infinity'), coalesce(r.antes_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
              order by m.criado_em desc, m.id desc limit r.limite + 1)
            union all
            (select m.id, m.criado_em from kreyolcash_movimentacoes m
              where m.destinatario_id = r.usuario and m.conta_credito = r.usuario and m.status = 'concluida'
                and (m.criado_em, m.id) < (coalesce(r.antes_em, 'infinity'), coalesce(r.antes_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
              order by m.criado_em desc, m.id desc limit r.limite + 1)) x
           order by x.criado_em desc, x.id desc limit r.limite + 1)
        end as ids
        from unnest(p_usuarios, p_filtros, p_limites, p_antes_em, p_antes_id)
               with ordinality as r(usuario, filtro, limite, antes_em, antes_id, n)
        left join usuarios u on u.id = r.usuario
      offset 0) p
   cross join lateral (
     select string_agg(l.apresentada, ',' order by l.n) as itens, count(l.apresentada) as escritas,
            min(l.criado_em_exato) as ultimo_exato
       from (select i.n, l.criado_em_exato, l.apresentada
               from unnest(p.ids[1:p.limite]) with ordinality as i(id, n)
              cross join lateral kc_extrato_linha(p.usuario, p.nome, p.email, i.id, false) l
             offset 0) l) a;
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

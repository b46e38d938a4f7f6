-- Agents' cash-ins and cash-outs (docs/agents.md): the receipts of a posted one. Everything else of
-- them is the engine's (a hold confirmed by the agent, its fee as further legs).

-- Each rate a start writes (cotacao_htg's one row) is kept with the instant it came in force
-- (cotacoes_htg, migration 0038): a receipt is queued after its posting has committed, and quotes
-- the rate of the moment it posted. Two rates written in one transaction: the last.
create or replace function kc_cotacao_historiar() returns trigger language plpgsql as $$
begin
  if new.htg_por_kc_bp is distinct from (select htg_por_kc_bp from cotacoes_htg order by desde desc limit 1) then
    insert into cotacoes_htg (desde, htg_por_kc_bp) values (now(), new.htg_por_kc_bp)
    on conflict (desde) do update set htg_por_kc_bp = excluded.htg_por_kc_bp;
  end if;
  return null;
end $$;

create or replace trigger kc_cotacao_historico after insert or update on cotacao_htg
  for each row execute function kc_cotacao_historiar();

-- A posted cash-in or cash-out (m: its row): the customer and the agent are each told, in their
-- own language, what moved and with whom. A cash-out's receipt names its fee and the agent's
-- commission (its legs 2, 3, … : the fee paid with it, the part of it the agent's float received).
-- Queued by the notices' reader once the posting has committed (notices.sql).
create or replace function kc_agente_avisar(m kreyolcash_movimentacoes) returns void language plpgsql as $$
declare
  v record;
  v_taxa bigint;
  v_comissao bigint;
  -- The rate in force when the movement posted (migration 0038), on every receipt; none recorded:
  -- the receipt has no rate line.
  v_cotacao jsonb := coalesce((select jsonb_build_object('cotacao_bp', c.htg_por_kc_bp) from cotacoes_htg c
                                where c.desde <= coalesce(m.concluido_em, now()) order by c.desde desc limit 1), '{}');
begin
  select a.numero, a.nome_comercial, a.conta_id, ag.telefone as telefone_agente, ag.idioma as idioma_agente,
         c.telefone as telefone_cliente, c.nome_completo as nome_cliente, c.idioma as idioma_cliente
    into v
    from agentes a
    join usuarios ag on ag.id = a.usuario_id
    join usuarios c on c.id = case when m.tipo = 'deposito' then m.destinatario_id else m.remetente_id end
   where a.conta_id = case when m.tipo = 'deposito' then m.conta_debito else m.conta_credito end;
  if not found then return; end if;
  if m.tipo = 'deposito' then
    insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia) values
      ('whatsapp', v.telefone_cliente, 'cash_in_received',
       jsonb_build_object('valor_centis', m.quantidade_centis, 'agente', v.nome_comercial, 'numero', v.numero)
         || v_cotacao,
       v.idioma_cliente, 'cash_in_done', m.id::text),
      ('whatsapp', v.telefone_agente, 'cash_in_given',
       jsonb_build_object('valor_centis', m.quantidade_centis, 'cliente', v.nome_cliente) || v_cotacao,
       v.idioma_agente, 'cash_in_done', m.id::text);
    return;
  end if;
  select coalesce(sum(quantidade_centis), 0),
         coalesce(sum(quantidade_centis) filter (where conta_credito = v.conta_id), 0)
    into v_taxa, v_comissao
    from kreyolcash_pernas where movimentacao_id = m.id and numero > 1;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia) values
    ('whatsapp', v.telefone_cliente, 'cash_out_paid',
     jsonb_build_object('valor_centis', m.quantidade_centis, 'taxa_centis', v_taxa,
                        'agente', v.nome_comercial, 'numero', v.numero) || v_cotacao,
     v.idioma_cliente, 'cash_out_done', m.id::text),
    ('whatsapp', v.telefone_agente, 'cash_out_handed',
     jsonb_build_object('valor_centis', m.quantidade_centis, 'comissao_centis', v_comissao, 'cliente', v.nome_cliente)
       || v_cotacao,
     v.idioma_agente, 'cash_out_done', m.id::text);
end $$;

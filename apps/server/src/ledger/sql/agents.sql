-- Agents' cash-ins and cash-outs (docs/agents.md): the receipts of a posted one. Everything else of
-- them is the engine's (a hold confirmed by the agent, its fee as further legs).

-- A posted cash-in or cash-out (m: its row): the customer and the agent are each told, in their
-- own language, what moved and with whom. A cash-out's receipt names its fee and the agent's
-- commission (its legs 2, 3, … : the fee paid with it, the part of it the agent's float received).
create or replace function kc_agente_avisar(m kreyolcash_movimentacoes) returns void language plpgsql as $$
declare
  v record;
  v_taxa bigint;
  v_comissao bigint;
  -- The rate in force, on every receipt (migration 0018); none recorded: the receipt has no rate line.
  v_cotacao jsonb := coalesce((select jsonb_build_object('cotacao_bp', htg_por_kc_bp) from cotacao_htg), '{}');
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

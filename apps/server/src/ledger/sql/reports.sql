-- "Wrong person" reports: a payer reports a posted transfer; the whole amount is
-- held on the payee's account while support decides; support reverses it (kc_estornar_agora) or
-- rejects it; an open report past its deadline expires. Each decision releases the hold in the same
-- transaction, and a decided report holds nothing (ledger-check).
--
-- Lock order, as in two-phase.sql: the movement first, then its report, then accounts in
-- ascending id. Holding the movement serializes every path of one report (open, decide, expire).
--
-- Only transfers can be reported: a purchase pays a company for a product the buyer chose, so it
-- is never a "wrong person"; a problem with a sale is the merchant's and support's, not this flow.

-- Tells both people, each in their language. p_modelo_pagador / p_modelo_recebedor: template keys.
create or replace function kc_reclamacao_avisar(p_reclamacao uuid, p_modelo_pagador text, p_modelo_recebedor text, p_extra jsonb)
    returns void language plpgsql as $$
declare r record;
begin
  select rc.id, rc.quantidade_centis, pg.telefone as tel_pg, pg.idioma as idioma_pg, pg.nome_completo as nome_pg,
         rb.telefone as tel_rb, rb.idioma as idioma_rb, rb.nome_completo as nome_rb
    into r
    from reclamacoes rc join usuarios pg on pg.id = rc.pagador_id join usuarios rb on rb.id = rc.recebedor_id
   where rc.id = p_reclamacao;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia) values
    ('whatsapp', r.tel_pg, p_modelo_pagador,
     jsonb_build_object('valor_centis', r.quantidade_centis, 'recebedor', r.nome_rb) || p_extra,
     r.idioma_pg, p_modelo_pagador, r.id::text),
    ('whatsapp', r.tel_rb, p_modelo_recebedor,
     jsonb_build_object('valor_centis', r.quantidade_centis, 'pagador', r.nome_pg) || p_extra,
     r.idioma_rb, p_modelo_recebedor, r.id::text);
end $$;

-- Open: the payer's own posted transfer, within the window since it posted, one report per
-- movement, at most max_abertas open per payer. The whole amount is held on the payee's account if
-- it is available now, otherwise nothing is (as `reverse`: whole or nothing, never a part).
-- p: {movimentacao_id, pagador_id, descricao, janela_ms, prazo_ms, max_abertas}
-- Answers {ok, reclamacao_id, retido_centis, prazo_em, usuarios}.
create or replace function kc_reclamacao_abrir(p jsonb) returns jsonb language plpgsql as $$
declare
  m record;
  v_id uuid := gen_random_uuid();
  v_retido bigint := 0;
  v_prazo timestamptz := now() + make_interval(secs => (p->>'prazo_ms')::bigint / 1000.0);
begin
  select id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito, quantidade_centis, concluido_em
    into m from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid for no key update;
  -- What the user may not see (statement.repository's visibleTo) does not exist for them.
  if not found or (m.remetente_id is distinct from (p->>'pagador_id')::uuid
                   and (m.destinatario_id is distinct from (p->>'pagador_id')::uuid or m.status <> 'concluida')) then
    return kc_erro('transaction_not_found');
  end if;
  if m.remetente_id <> (p->>'pagador_id')::uuid or m.tipo <> 'transferencia' or m.status <> 'concluida'
     or exists (select 1 from kreyolcash_movimentacoes where referente_a = m.id and tipo = 'estorno') then
    return kc_erro('transaction_not_reportable');
  end if;
  if exists (select 1 from reclamacoes where movimentacao_id = m.id) then return kc_erro('report_already_exists'); end if;
  if m.concluido_em + make_interval(secs => (p->>'janela_ms')::bigint / 1000.0) < now() then
    return kc_erro('report_window_closed');
  end if;
  -- Both accounts, ascending: the payer's lock serializes the count of open reports (parallel
  -- reports cannot all pass it), the payee's the hold.
  perform 1 from kreyolcash_contas where id in (m.conta_debito, m.conta_credito) order by id for no key update;
  if (select count(*) from reclamacoes where pagador_id = m.remetente_id and status = 'aberta')
     >= (p->>'max_abertas')::integer then
    return kc_erro('report_limit_reached', jsonb_build_object('max_abertas', (p->>'max_abertas')::integer));
  end if;
  update kreyolcash_contas set reservado_centis = reservado_centis + m.quantidade_centis, atualizado_em = now()
   where id = m.conta_credito and saldo_centis - reservado_centis >= m.quantidade_centis;
  if found then v_retido := m.quantidade_centis; end if;
  insert into reclamacoes (id, movimentacao_id, pagador_id, recebedor_id, quantidade_centis, conta_retida,
                           retido_centis, descricao, prazo_em)
  values (v_id, m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis,
          case when v_retido > 0 then m.conta_credito end, v_retido, nullif(btrim(p->>'descricao'), ''), v_prazo);
  perform kc_reclamacao_avisar(v_id, 'report_opened_payer', 'report_opened_payee',
                               jsonb_build_object('retido', v_retido > 0));
  return jsonb_build_object('ok', true, 'reclamacao_id', v_id, 'retido_centis', v_retido, 'prazo_em', v_prazo,
                            'usuarios', jsonb_build_array(m.remetente_id, m.destinatario_id));
end $$;

-- Locks a report for a decision (its movement first) and answers it, or null when there is none.
create or replace function kc_reclamacao_travar(p_reclamacao uuid) returns reclamacoes language plpgsql as $$
declare v reclamacoes;
begin
  perform 1 from kreyolcash_movimentacoes
   where id = (select movimentacao_id from reclamacoes where id = p_reclamacao) for no key update;
  select * into v from reclamacoes where id = p_reclamacao for update;
  return v;
end $$;

-- Gives the held money back to what the payee can spend. The movement and the report are locked
-- by the caller; so is the held account.
create or replace function kc_reclamacao_liberar(p_rc reclamacoes) returns void language plpgsql as $$
begin
  if p_rc.retido_centis > 0 then
    update kreyolcash_contas set reservado_centis = reservado_centis - p_rc.retido_centis, atualizado_em = now()
     where id = p_rc.conta_retida;
  end if;
end $$;

-- Ends a report whose hold was released: a decided report holds nothing.
create or replace function kc_reclamacao_fechar(p_id uuid, p_status text, p_operador uuid, p_motivo text, p_estorno uuid)
    returns void language plpgsql as $$
begin
  update reclamacoes set status = p_status, retido_centis = 0, conta_retida = null, operador_id = p_operador,
                         decisao_motivo = p_motivo, estorno_id = p_estorno, decidido_em = now()
   where id = p_id;
end $$;

-- Reverse (an operator): the hold is released and the whole amount goes back to the payer, in one
-- transaction. When nothing was held and the payee no longer has the amount, insufficient_balance
-- and nothing changes. p: {reclamacao_id, operador_id, ator, motivo}
-- Answers {ok, reclamacao_id, movimentacao_id, estorno_id, retido_centis, usuarios}.
create or replace function kc_reclamacao_estornar(p jsonb) returns jsonb language plpgsql as $$
declare
  rc reclamacoes := kc_reclamacao_travar((p->>'reclamacao_id')::uuid);
  v_estorno jsonb;
begin
  if rc.id is null then return kc_erro('not_found'); end if;
  if rc.status <> 'aberta' then return kc_erro('report_not_open', jsonb_build_object('status', rc.status)); end if;
  if coalesce(btrim(p->>'motivo'), '') = '' then return kc_erro('reason_required'); end if;
  perform 1 from kreyolcash_contas c join kreyolcash_movimentacoes m on c.id in (m.conta_debito, m.conta_credito)
   where m.id = rc.movimentacao_id order by c.id for no key update of c;
  -- Reversed another way (ledger.reverse) while the report was open: left to expire, which releases it.
  if exists (select 1 from kreyolcash_movimentacoes where referente_a = rc.movimentacao_id and tipo = 'estorno') then
    return kc_erro('transaction_already_reversed');
  end if;
  if kc_disponivel((select conta_credito from kreyolcash_movimentacoes where id = rc.movimentacao_id))
     + rc.retido_centis < rc.quantidade_centis then
    return kc_erro('insufficient_balance');
  end if;
  perform kc_reclamacao_liberar(rc);
  v_estorno := kc_estornar_agora(jsonb_build_object('movimentacao_id', rc.movimentacao_id,
                                                     'ator', p->>'ator', 'motivo', p->>'motivo'));
  -- Checked above under the same locks; a refusal here would be a bug: roll everything back.
  if not (v_estorno->>'ok')::boolean then
    raise exception 'report % reversal refused: %', rc.id, v_estorno->>'error';
  end if;
  perform kc_reclamacao_fechar(rc.id, 'estornada', (p->>'operador_id')::uuid, p->>'motivo',
                               (v_estorno->>'movimentacao_id')::uuid);
  perform kc_reclamacao_avisar(rc.id, 'report_decided_payer', 'report_decided_payee',
                               jsonb_build_object('decisao', 'estornada'));
  return jsonb_build_object('ok', true, 'reclamacao_id', rc.id, 'movimentacao_id', rc.movimentacao_id,
                            'estorno_id', v_estorno->'movimentacao_id', 'retido_centis', rc.retido_centis,
                            'usuarios', jsonb_build_array(rc.pagador_id, rc.recebedor_id));
end $$;

-- Reject (an operator, with a reason): the hold is released, the payment stands.
-- p: {reclamacao_id, operador_id, motivo}. Answers {ok, reclamacao_id, movimentacao_id, retido_centis, usuarios}.
create or replace function kc_reclamacao_rejeitar(p jsonb) returns jsonb language plpgsql as $$
declare rc reclamacoes := kc_reclamacao_travar((p->>'reclamacao_id')::uuid);
begin
  if rc.id is null then return kc_erro('not_found'); end if;
  if rc.status <> 'aberta' then return kc_erro('report_not_open', jsonb_build_object('status', rc.status)); end if;
  if coalesce(btrim(p->>'motivo'), '') = '' then return kc_erro('reason_required'); end if;
  perform 1 from kreyolcash_contas where id = rc.conta_retida for no key update;
  perform kc_reclamacao_liberar(rc);
  perform kc_reclamacao_fechar(rc.id, 'rejeitada', (p->>'operador_id')::uuid, p->>'motivo', null);
  perform kc_reclamacao_avisar(rc.id, 'report_decided_payer', 'report_decided_payee',
                               jsonb_build_object('decisao', 'rejeitada'));
  return jsonb_build_object('ok', true, 'reclamacao_id', rc.id, 'movimentacao_id', rc.movimentacao_id,
                            'retido_centis', rc.retido_centis,
                            'usuarios', jsonb_build_array(rc.pagador_id, rc.recebedor_id));
end $$;

-- Expire: open reports past their deadline are released (nobody decided in time). Each movement is
-- locked first (skip locked: one being decided is left for the next sweep). p: {limite}.
-- Answers {ok, expiradas}.
create or replace function kc_reclamacoes_expirar(p jsonb) returns jsonb language plpgsql as $$
declare
  r record;
  rc reclamacoes;
  n integer := 0;
begin
  for r in
    select m.id as movimentacao_id, rc0.id from reclamacoes rc0
      join kreyolcash_movimentacoes m on m.id = rc0.movimentacao_id
     where rc0.status = 'aberta' and rc0.prazo_em <= now()
     order by m.id
     limit (p->>'limite')::integer
       for no key update of m skip locked
  loop
    select * into rc from reclamacoes where id = r.id for update;
    continue when rc.status <> 'aberta';
    perform 1 from kreyolcash_contas where id = rc.conta_retida for no key update;
    perform kc_reclamacao_liberar(rc);
    perform kc_reclamacao_fechar(rc.id, 'expirada', null, null, null);
    perform kc_reclamacao_avisar(rc.id, 'report_decided_payer', 'report_decided_payee',
                                 jsonb_build_object('decisao', 'expirada'));
    n := n + 1;
  end loop;
  return jsonb_build_object('ok', true, 'expiradas', n);
end $$;

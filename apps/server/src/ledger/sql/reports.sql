-- Disputes: the payer of a movement disputes it, with a reason (tipo), and support decides. A
-- "wrong person" report (pessoa_errada) is one kind: only of a posted transfer. The others name
-- any movement a person paid to a person, posted or held:
--   posted — within a window since it posted; the whole amount is held on the payee's account
--            when it is available then. Decisions: reverse it (the whole amount back), refund a
--            part of it, or reject the dispute (the payment stands). Each releases the hold.
--   held   — a hold that waits for a named party (an escrow, an agent's cash-out), never one that
--            waits for the payer's own code (the payer cancels that). The held money is the hold;
--            while the dispute is open, neither the party's confirmation, nor the payer's void,
--            nor the hold's expiry can end it (transaction_in_dispute; the sweeper passes it by).
--            Decisions: release it (posted to its payee), refund it (voided, back to the payer),
--            or reject the dispute (the hold goes on under its policy).
-- An open dispute past its deadline expires: what it held is released and a held movement goes
-- on under its policy.
--
-- Lock order, as in two-phase.sql: the movement first, then its dispute, then (for a held
-- purchase) its sale and product, then accounts in ascending id. Holding the movement serializes
-- every path of one dispute (open, decide, expire) with every phase of the movement.

-- Tells both people, each in their language, that a dispute was opened (p_fase 'aberta') or
-- decided ('decidida', an expiry among them); p_extra: the phase's parameters. A complaint about a
-- cash-out or cash-in speaks of the cash and names the agent's business and number to the customer
-- (its pagador) and the customer to the agent (its recebedor); any other, of a payment between two
-- people.
create or replace function kc_reclamacao_avisar(p_reclamacao uuid, p_fase text, p_extra jsonb)
    returns void language plpgsql as $$
declare
  r record;
  v_caixa boolean;
  v_pagador jsonb;
  v_recebedor jsonb;
  v_modelo_pagador text;
  v_modelo_recebedor text;
begin
  select rc.id, rc.quantidade_centis, m.tipo, a.numero, a.nome_comercial,
         pg.telefone as tel_pg, pg.idioma as idioma_pg, pg.nome_completo as nome_pg,
         rb.telefone as tel_rb, rb.idioma as idioma_rb, rb.nome_completo as nome_rb
    into r
    from reclamacoes rc join usuarios pg on pg.id = rc.pagador_id join usuarios rb on rb.id = rc.recebedor_id
    join kreyolcash_movimentacoes m on m.id = rc.movimentacao_id
    left join agentes a on a.conta_id = case m.tipo when 'deposito' then m.conta_debito
                                                    when 'saque' then m.conta_credito end
   where rc.id = p_reclamacao;
  v_caixa := r.tipo in ('saque', 'deposito');
  if v_caixa then
    v_modelo_pagador := case p_fase when 'aberta' then 'cash_complaint_opened_customer'
                                   else 'cash_complaint_decided_customer' end;
    v_modelo_recebedor := case p_fase when 'aberta' then 'cash_complaint_opened_agent'
                                     else 'cash_complaint_decided_agent' end;
    v_pagador := jsonb_build_object('movimento', r.tipo, 'valor_centis', r.quantidade_centis,
                                    'agente', r.nome_comercial, 'numero', r.numero);
    v_recebedor := jsonb_build_object('movimento', r.tipo, 'valor_centis', r.quantidade_centis, 'cliente', r.nome_pg);
  else
    v_modelo_pagador := case p_fase when 'aberta' then 'report_opened_payer' else 'report_decided_payer' end;
    v_modelo_recebedor := case p_fase when 'aberta' then 'report_opened_payee' else 'report_decided_payee' end;
    v_pagador := jsonb_build_object('valor_centis', r.quantidade_centis, 'recebedor', r.nome_rb);
    v_recebedor := jsonb_build_object('valor_centis', r.quantidade_centis, 'pagador', r.nome_pg);
  end if;
  insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia) values
    ('whatsapp', r.tel_pg, v_modelo_pagador, v_pagador || p_extra, r.idioma_pg, v_modelo_pagador, r.id::text),
    ('whatsapp', r.tel_rb, v_modelo_recebedor, v_recebedor || p_extra, r.idioma_rb, v_modelo_recebedor, r.id::text);
end $$;

-- Whether a movement can be disputed for this reason (the visibility and the complainant were
-- checked by the caller): a movement a person paid to a person (a wrong person is only ever a
-- transfer), posted and not corrected, or held for a named party; or a posted cash-out or cash-in,
-- with the reasons of cash (packages/domain CASH_DISPUTE_KINDS).
create or replace function kc_reclamacao_cabe(m kreyolcash_movimentacoes, p_tipo text) returns boolean
    language sql stable as $$
  select m.destinatario_id is not null
     and case m.tipo
           when 'saque' then p_tipo in ('dinheiro_nao_entregue', 'cobranca_excessiva', 'valor_errado', 'outro')
                             and m.status = 'concluida'
           when 'deposito' then p_tipo in ('valor_errado', 'cobranca_excessiva', 'outro') and m.status = 'concluida'
           when 'transferencia' then p_tipo in ('pessoa_errada', 'nao_entregue', 'nao_reconhecida', 'outro')
           when 'compra' then p_tipo in ('nao_entregue', 'nao_reconhecida', 'outro')
           else false
         end
     and case m.status
           when 'concluida' then not kc_corrigida(m.id)
           when 'pendente' then m.confirmador_id is not null and p_tipo <> 'pessoa_errada'
           else false
         end
$$;

-- Who complains about a movement: its payer; of a cash-in, the customer it paid (who paid the
-- agent in cash). The complaint names them as pagador and the other party as recebedor.
create or replace function kc_reclamacao_queixoso(m kreyolcash_movimentacoes) returns uuid
    language sql immutable as $$
  select case when m.tipo = 'deposito' then m.destinatario_id else m.remetente_id end
$$;

-- Open: the complainant's own movement (kc_reclamacao_queixoso, kc_reclamacao_cabe), a posted one
-- within the window since it posted, one dispute per movement, at most max_abertas open per
-- complainant. Of a posted movement, the whole amount is held on the payee's account if it is
-- available now (a cash-out's on the agent's float), otherwise nothing is (as `reverse`: whole or
-- nothing, never a part); a held one is held already; a cash-in holds nothing.
-- p: {movimentacao_id, pagador_id, tipo, descricao, janela_ms, prazo_ms, max_abertas}
-- Answers {ok, reclamacao_id, retido_centis, prazo_em, usuarios}.
create or replace function kc_reclamacao_abrir(p jsonb) returns jsonb language plpgsql as $$
declare
  m kreyolcash_movimentacoes;
  v_pagador uuid := (p->>'pagador_id')::uuid;
  v_tipo text := coalesce(p->>'tipo', 'pessoa_errada');
  v_id uuid := gen_random_uuid();
  v_retido bigint := 0;
  v_prazo timestamptz := now() + make_interval(secs => (p->>'prazo_ms')::bigint / 1000.0);
begin
  select * into m from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid for no key update;
  -- What the user may not see (statement.repository's visibleTo) does not exist for them.
  if not found or (m.remetente_id is distinct from v_pagador
                   and (m.destinatario_id is distinct from v_pagador or m.status <> 'concluida')) then
    return kc_erro('transaction_not_found');
  end if;
  if kc_reclamacao_queixoso(m) is distinct from v_pagador or not kc_reclamacao_cabe(m, v_tipo) then
    return kc_erro('transaction_not_reportable');
  end if;
  if exists (select 1 from reclamacoes where movimentacao_id = m.id) then return kc_erro('report_already_exists'); end if;
  if m.status = 'concluida' and m.concluido_em + make_interval(secs => (p->>'janela_ms')::bigint / 1000.0) < now() then
    return kc_erro('report_window_closed');
  end if;
  -- Both accounts, ascending: the payer's lock serializes the count of open disputes (parallel
  -- ones cannot all pass it), the payee's the hold.
  perform 1 from kreyolcash_contas where id in (m.conta_debito, m.conta_credito) order by id for no key update;
  if (select count(*) from reclamacoes where pagador_id = v_pagador and status = 'aberta')
     >= (p->>'max_abertas')::integer then
    return kc_erro('report_limit_reached', jsonb_build_object('max_abertas', (p->>'max_abertas')::integer));
  end if;
  -- A cash-in paid the customer: nothing of theirs is held against their own complaint.
  if m.status = 'concluida' and m.tipo <> 'deposito' then
    update kreyolcash_contas set reservado_centis = reservado_centis + m.quantidade_centis, atualizado_em = now()
     where id = m.conta_credito and saldo_centis - reservado_centis >= m.quantidade_centis;
    if found then v_retido := m.quantidade_centis; end if;
  end if;
  insert into reclamacoes (id, movimentacao_id, tipo, pagador_id, recebedor_id, quantidade_centis, conta_retida,
                           retido_centis, descricao, prazo_em)
  values (v_id, m.id, v_tipo, v_pagador, case when m.tipo = 'deposito' then m.remetente_id else m.destinatario_id end,
          m.quantidade_centis,
          case when v_retido > 0 then m.conta_credito end, v_retido, nullif(btrim(p->>'descricao'), ''), v_prazo);
  perform kc_reclamacao_avisar(v_id, 'aberta', jsonb_build_object('retido', v_retido > 0 or m.status = 'pendente'));
  return jsonb_build_object('ok', true, 'reclamacao_id', v_id, 'retido_centis', v_retido, 'prazo_em', v_prazo,
                            'usuarios', jsonb_build_array(m.remetente_id, m.destinatario_id));
end $$;

-- Locks a dispute for a decision (its movement first) and answers it, or null when there is none.
create or replace function kc_reclamacao_travar(p_reclamacao uuid) returns reclamacoes language plpgsql as $$
declare v reclamacoes;
begin
  perform 1 from kreyolcash_movimentacoes
   where id = (select movimentacao_id from reclamacoes where id = p_reclamacao) for no key update;
  select * into v from reclamacoes where id = p_reclamacao for update;
  return v;
end $$;

-- Gives the held money back to what the payee can spend. The movement and the dispute are locked
-- by the caller; so is the held account.
create or replace function kc_reclamacao_liberar(p_rc reclamacoes) returns void language plpgsql as $$
begin
  if p_rc.retido_centis > 0 then
    update kreyolcash_contas set reservado_centis = reservado_centis - p_rc.retido_centis, atualizado_em = now()
     where id = p_rc.conta_retida;
  end if;
end $$;

-- Ends a dispute whose hold was released: a decided dispute holds nothing.
create or replace function kc_reclamacao_fechar(p_id uuid, p_status text, p_operador uuid, p_motivo text,
                                                p_estorno uuid, p_reembolso bigint)
    returns void language plpgsql as $$
begin
  update reclamacoes set status = p_status, retido_centis = 0, conta_retida = null, operador_id = p_operador,
                         decisao_motivo = p_motivo, estorno_id = p_estorno, reembolso_centis = p_reembolso,
                         decidido_em = now()
   where id = p_id;
  perform kc_vencimentos_recuar((select movimentacao_id from reclamacoes where id = p_id));
end $$;

-- A decision about a posted movement, its accounts locked: the whole amount back (estornar), a
-- part of it (reembolsar: p.quantidade_centis, at most the amount), or the dispute rejected
-- (rejeitar). The dispute's hold is released in the same transaction. When nothing was held and
-- the payee no longer has what goes back, insufficient_balance and nothing changes.
-- Answers {status, estorno_id, reembolso_centis} or a refusal.
create or replace function kc_reclamacao_decidir_postado(rc reclamacoes, m kreyolcash_movimentacoes, p jsonb)
    returns jsonb language plpgsql as $$
declare
  v_volta bigint;
  v_estorno jsonb;
begin
  perform 1 from kreyolcash_contas where id in (m.conta_debito, m.conta_credito) order by id for no key update;
  if p->>'decisao' = 'rejeitar' then
    perform kc_reclamacao_liberar(rc);
    return jsonb_build_object('status', 'rejeitada');
  end if;
  if p->>'decisao' not in ('estornar', 'reembolsar') then return kc_erro('dispute_decision_not_applicable'); end if;
  v_volta := case when p->>'decisao' = 'estornar' then m.quantidade_centis
                  else kc_quantidade_valida(p->'quantidade_centis') end;
  if v_volta is null or v_volta > m.quantidade_centis then return kc_erro('invalid_amount'); end if;
  -- Reversed another way (ledger.reverse) while the dispute was open: left to expire, which releases it.
  if exists (select 1 from kreyolcash_movimentacoes where referente_a = m.id and tipo = 'estorno') then
    return kc_erro('transaction_already_reversed');
  end if;
  if kc_disponivel(m.conta_credito) + rc.retido_centis < v_volta then return kc_erro('insufficient_balance'); end if;
  perform kc_reclamacao_liberar(rc);
  v_estorno := kc_estornar_agora(jsonb_build_object('movimentacao_id', m.id, 'quantidade_centis', v_volta,
                                                     'ator', p->>'ator', 'motivo', p->>'motivo'));
  -- Checked above under the same locks; a refusal here would be a bug: roll everything back.
  if not (v_estorno->>'ok')::boolean then
    raise exception 'dispute % reversal refused: %', rc.id, v_estorno->>'error';
  end if;
  return jsonb_build_object('status', case when p->>'decisao' = 'estornar' then 'estornada' else 'reembolsada' end,
                            'estorno_id', v_estorno->'movimentacao_id',
                            'reembolso_centis', case when p->>'decisao' = 'reembolsar' then v_volta end);
end $$;

-- A decision about a held movement: posted to its payee (liberar: a refusal under the accounts'
-- locks, a frozen payer or a payee past its maximum balance, is answered and changes nothing),
-- voided back to its payer (reembolsar), or the dispute rejected (rejeitar: the hold goes on under
-- its policy, and a hold already past its time ends at the next sweep).
create or replace function kc_reclamacao_decidir_retido(m kreyolcash_movimentacoes, p jsonb)
    returns jsonb language plpgsql as $$
declare v_recusa jsonb;
begin
  case p->>'decisao'
    when 'rejeitar' then return jsonb_build_object('status', 'rejeitada');
    when 'liberar' then
      v_recusa := kc_concluir(m, p->'limites', null);
      if v_recusa is not null then return v_recusa; end if;
      return jsonb_build_object('status', 'liberada');
    when 'reembolsar' then
      perform kc_desfazer(m.id, m.tipo, 'cancelada');
      return jsonb_build_object('status', 'reembolsada', 'reembolso_centis', m.quantidade_centis);
    else return kc_erro('dispute_decision_not_applicable');
  end case;
end $$;

-- What a customer paid for a cash movement, which a refund never passes: a cash-out's amount and
-- the fee held with it (its legs 2, 3, … from the customer's account); a cash-in's amount.
create or replace function kc_reclamacao_pago(m kreyolcash_movimentacoes) returns bigint
    language sql stable as $$
  select m.quantidade_centis
         + case when m.tipo = 'saque'
                then coalesce((select sum(l.quantidade_centis) from kreyolcash_pernas l
                                where l.movimentacao_id = m.id and l.numero > 1 and l.conta_debito = m.conta_debito), 0)
                else 0 end
$$;

-- A decision about a complaint of a cash-out or cash-in: a refund from the agent's float to the
-- customer (reembolsar: p.quantidade_centis, by default and at most what the customer paid), as a
-- movement of its own (reembolso, referente_a the cash movement), or the complaint rejected. The
-- float never goes below zero: agent_float_insufficient, and nothing changes. Reversing a cash
-- movement or releasing it does not apply: the cash changed hands outside the ledger.
create or replace function kc_reclamacao_decidir_caixa(rc reclamacoes, m kreyolcash_movimentacoes, p jsonb)
    returns jsonb language plpgsql as $$
declare
  v_float uuid := case when m.tipo = 'deposito' then m.conta_debito else m.conta_credito end;
  v_volta bigint;
  v_livre bigint;
  v_mov uuid;
begin
  perform 1 from kreyolcash_contas where id in (m.conta_debito, m.conta_credito) order by id for no key update;
  -- What the complaint held on the float is free again for the refund.
  v_livre := kc_disponivel(v_float) + case when rc.conta_retida = v_float then rc.retido_centis else 0 end;
  if p->>'decisao' = 'rejeitar' then
    perform kc_reclamacao_liberar(rc);
    return jsonb_build_object('status', 'rejeitada');
  end if;
  if p->>'decisao' <> 'reembolsar' then return kc_erro('dispute_decision_not_applicable'); end if;
  v_volta := coalesce(kc_quantidade_valida(p->'quantidade_centis'), kc_reclamacao_pago(m));
  if (jsonb_typeof(p->'quantidade_centis') <> 'null' and kc_quantidade_valida(p->'quantidade_centis') is null)
     or v_volta > kc_reclamacao_pago(m) then
    return kc_erro('invalid_amount', jsonb_build_object('max_centis', kc_reclamacao_pago(m)));
  end if;
  if kc_corrigida(m.id) then
    return kc_erro('transaction_already_reversed');
  end if;
  if v_livre < v_volta then
    return kc_erro('agent_float_insufficient', jsonb_build_object('disponivel_centis', v_livre));
  end if;
  perform kc_reclamacao_liberar(rc);
  v_mov := kc_movimento_imediato(jsonb_build_object(
    'tipo', 'reembolso', 'remetente_id', rc.recebedor_id, 'destinatario_id', rc.pagador_id,
    'conta_debito', v_float, 'conta_credito', rc.pagador_id, 'quantidade_centis', v_volta,
    'referente_a', m.id, 'motivo', p->>'motivo', 'ator', p->>'ator'));
  return jsonb_build_object('status', 'reembolsada', 'estorno_id', v_mov, 'reembolso_centis', v_volta);
end $$;

-- Decide (an operator, with a reason): p: {reclamacao_id, decisao (estornar | reembolsar | liberar |
-- rejeitar), quantidade_centis (a posted movement's refund), operador_id, ator, motivo, limites}.
-- Answers {ok, reclamacao_id, movimentacao_id, status, estorno_id, reembolso_centis, retido_centis,
-- usuarios}.
create or replace function kc_reclamacao_decidir(p jsonb) returns jsonb language plpgsql as $$
declare
  rc reclamacoes := kc_reclamacao_travar((p->>'reclamacao_id')::uuid);
  m kreyolcash_movimentacoes;
  v jsonb;
begin
  if rc.id is null then return kc_erro('not_found'); end if;
  if rc.status <> 'aberta' then return kc_erro('report_not_open', jsonb_build_object('status', rc.status)); end if;
  if coalesce(btrim(p->>'motivo'), '') = '' then return kc_erro('reason_required'); end if;
  select * into m from kreyolcash_movimentacoes where id = rc.movimentacao_id;
  v := case
         when m.tipo in ('saque', 'deposito') then kc_reclamacao_decidir_caixa(rc, m, p)
         else case m.status
         when 'concluida' then kc_reclamacao_decidir_postado(rc, m, p)
         when 'pendente' then kc_reclamacao_decidir_retido(m, p)
         else kc_erro('dispute_decision_not_applicable')
       end end;
  if v ? 'error' then return v; end if;
  perform kc_reclamacao_fechar(rc.id, v->>'status', (p->>'operador_id')::uuid, p->>'motivo',
                               (v->>'estorno_id')::uuid, (v->>'reembolso_centis')::bigint);
  perform kc_reclamacao_avisar(rc.id, 'decidida', jsonb_build_object('decisao', v->>'status')
                               || case when v->>'reembolso_centis' is not null
                                       then jsonb_build_object('reembolso_centis', (v->>'reembolso_centis')::bigint)
                                       else '{}'::jsonb end);
  return jsonb_build_object('ok', true, 'reclamacao_id', rc.id, 'movimentacao_id', rc.movimentacao_id,
                            'status', v->>'status', 'estorno_id', v->'estorno_id',
                            'reembolso_centis', v->'reembolso_centis', 'retido_centis', rc.retido_centis,
                            'usuarios', jsonb_build_array(rc.pagador_id, rc.recebedor_id));
end $$;

-- Expire: open disputes past their deadline are released (nobody decided in time). Each level is
-- locked for all of them before the next, in the project's lock order (two-phase.sql): every
-- movement (skip locked: one being decided is left for the next sweep), then every dispute, then
-- every held account in ascending id — one account per dispute taken in the disputes' order could
-- wait on a batch of holds that waits on it. p: {limite}. Answers {ok, expiradas}.
create or replace function kc_reclamacoes_expirar(p jsonb) returns jsonb language plpgsql as $$
declare
  v_ids uuid[];
  rc reclamacoes;
  n integer := 0;
begin
  select array_agg(due.id order by due.movimentacao_id) into v_ids from (
    select m.id as movimentacao_id, rc0.id from reclamacoes rc0
      join kreyolcash_movimentacoes m on m.id = rc0.movimentacao_id
     where rc0.status = 'aberta' and rc0.prazo_em <= now()
     order by m.id
     limit (p->>'limite')::integer
       for no key update of m skip locked) due;
  if v_ids is null then return jsonb_build_object('ok', true, 'expiradas', 0); end if;
  perform 1 from reclamacoes where id = any(v_ids) order by movimentacao_id for update;
  perform 1 from kreyolcash_contas
   where id in (select conta_retida from reclamacoes where id = any(v_ids)) order by id for no key update;
  for rc in select * from reclamacoes where id = any(v_ids) order by movimentacao_id loop
    continue when rc.status <> 'aberta';
    perform kc_reclamacao_liberar(rc);
    perform kc_reclamacao_fechar(rc.id, 'expirada', null, null, null, null);
    perform kc_reclamacao_avisar(rc.id, 'decidida', jsonb_build_object('decisao', 'expirada'));
    n := n + 1;
  end loop;
  return jsonb_build_object('ok', true, 'expiradas', n);
end $$;

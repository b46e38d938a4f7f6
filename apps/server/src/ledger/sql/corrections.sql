-- Corrections are new movements that reference what they correct, never edits. Both are
-- idempotent by the operator's key (operacoes_idempotentes), and a movement is reversed at most
-- once (kreyolcash_mov_estorno_unico).

-- Whether a movement was given back, reversed (estorno) or refunded (reembolso): a probe of each
-- kind's own unique index on referente_a, where one condition on both kinds matches neither index
-- and reads every movement ever made.
create or replace function kc_corrigida(p_mov uuid) returns boolean language sql stable as $$
  select exists (select 1 from kreyolcash_movimentacoes where referente_a = p_mov and tipo = 'estorno')
      or exists (select 1 from kreyolcash_movimentacoes where referente_a = p_mov and tipo = 'reembolso')
$$;

-- Reverse: the whole amount of a posted transfer or purchase goes back from the payee to the
-- payer, only if the payee has it available now (no negative balance). A dispute's refund gives
-- back a part (quantidade_centis, at most the amount): it is that movement's one reversal.
-- p: {movimentacao_id, ator, motivo, chave, request_hash, quantidade_centis?}
create or replace function kc_estornar(p jsonb) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_op_abrir(p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_op_fechar(p->>'chave', kc_estornar_agora(p));
end $$;

create or replace function kc_estornar_agora(p jsonb) returns jsonb language plpgsql as $$
declare
  o record;
  v_estorno uuid;
  v_volta bigint;
begin
  select id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito, quantidade_centis into o
    from kreyolcash_movimentacoes where id = (p->>'movimentacao_id')::uuid for no key update;
  if not found then return kc_erro('transaction_not_found'); end if;
  if o.tipo not in ('transferencia', 'compra') or o.status <> 'concluida' then
    return kc_erro('transaction_not_reversible', jsonb_build_object('status', o.status, 'tipo', o.tipo));
  end if;
  v_volta := coalesce(kc_quantidade_valida(p->'quantidade_centis'), o.quantidade_centis);
  if v_volta > o.quantidade_centis then return kc_erro('invalid_amount'); end if;
  select id into v_estorno from kreyolcash_movimentacoes where referente_a = o.id and tipo = 'estorno';
  if found then return kc_erro('transaction_already_reversed', jsonb_build_object('estorno_id', v_estorno)); end if;
  perform 1 from kreyolcash_contas where id in (o.conta_debito, o.conta_credito) order by id for no key update;
  if kc_disponivel(o.conta_credito) < v_volta then return kc_erro('insufficient_balance'); end if;
  v_estorno := kc_movimento_imediato(jsonb_build_object(
    'tipo', 'estorno', 'remetente_id', o.destinatario_id, 'destinatario_id', o.remetente_id,
    'conta_debito', o.conta_credito, 'conta_credito', o.conta_debito, 'quantidade_centis', v_volta,
    'referente_a', o.id, 'motivo', p->>'motivo', 'ator', p->>'ator'));
  return jsonb_build_object('ok', true, 'movimentacao_id', v_estorno, 'referente_a', o.id,
                            'quantidade_centis', v_volta,
                            'usuarios', jsonb_build_array(o.remetente_id, o.destinatario_id));
end $$;

-- Adjust: a correction of one user's balance with a reason and the actor who made it, against the
-- issuer's account (a correction changes the money in circulation). Positive credits the user,
-- negative debits what the user has available.
-- p: {user_id, quantidade_centis (signed), motivo, ator, referente_a?, chave, request_hash}
create or replace function kc_ajustar(p jsonb) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_op_abrir(p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_op_fechar(p->>'chave', kc_ajustar_agora(p));
end $$;

create or replace function kc_ajustar_agora(p jsonb) returns jsonb language plpgsql as $$
declare
  v_usuario uuid := (p->>'user_id')::uuid;
  v_valor bigint := (p->>'quantidade_centis')::bigint;
  v_credito boolean := v_valor > 0;
  v_mov uuid;
begin
  if v_valor is null or v_valor = 0 then return kc_erro('invalid_amount'); end if;
  if coalesce(btrim(p->>'motivo'), '') = '' then return kc_erro('adjustment_reason_required'); end if;
  if not exists (select 1 from kreyolcash_contas where id = v_usuario and tipo = 'usuario') then
    return kc_erro('user_not_found');
  end if;
  perform 1 from kreyolcash_contas where id in (v_usuario, kc_conta_emissor()) order by id for no key update;
  if not v_credito and kc_disponivel(v_usuario) < -v_valor then return kc_erro('insufficient_balance'); end if;
  if v_credito and kc_passa_teto(kc_conta_emissor(), v_usuario, v_valor) then
    return kc_erro('amount_too_large');
  end if;
  v_mov := kc_movimento_imediato(jsonb_build_object(
    'tipo', 'ajuste',
    'remetente_id', case when v_credito then null else v_usuario end,
    'destinatario_id', case when v_credito then v_usuario else null end,
    'conta_debito', case when v_credito then kc_conta_emissor() else v_usuario end,
    'conta_credito', case when v_credito then v_usuario else kc_conta_emissor() end,
    'quantidade_centis', abs(v_valor), 'referente_a', p->>'referente_a', 'motivo', p->>'motivo', 'ator', p->>'ator'));
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'usuarios', jsonb_build_array(v_usuario));
end $$;

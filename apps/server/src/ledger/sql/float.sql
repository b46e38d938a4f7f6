-- Agents' float against the issuer (docs/agents.md): an issuance (emissao) credits an agent's float
-- from the issuer's account against a bank deposit; a redemption (resgate) takes the agent's ₭ back
-- to the issuer for cash. Both are posted at once, inside the caller's transaction (the approval
-- of a proposal under four eyes), and idempotent by the operator's key (operacoes_idempotentes).
-- A float issued or redeemed changes the money in circulation, like an adjustment; the ledger
-- check holds these movements equal to the approved proposals (operacoes_float).
-- p: {conta_id, quantidade_centis, motivo, ator, chave, request_hash}
create or replace function kc_float_emitir(p jsonb) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_op_abrir(p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_op_fechar(p->>'chave', kc_float_mover(p, 'emissao'));
end $$;

create or replace function kc_float_resgatar(p jsonb) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_op_abrir(p->>'chave', p->>'request_hash');
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_op_fechar(p->>'chave', kc_float_mover(p, 'resgate'));
end $$;

-- The movement itself: issuer → float (emissao) or float → issuer (resgate), under both accounts'
-- locks taken in ascending id as kc_lancar takes them. A redemption takes only what the float can
-- give now (its balance less what it holds); an issuance never takes a figure past the ceiling.
create or replace function kc_float_mover(p jsonb, p_tipo text) returns jsonb language plpgsql as $$
declare
  v_conta uuid := (p->>'conta_id')::uuid;
  v_quantidade bigint := kc_quantidade_valida(p->'quantidade_centis');
  v_dono uuid;
  v_emissao boolean := p_tipo = 'emissao';
  v_mov uuid;
begin
  if v_quantidade is null then return kc_erro('invalid_amount'); end if;
  select user_id into v_dono from kreyolcash_contas where id = v_conta and tipo = 'agente';
  if not found then return kc_erro('agent_not_found'); end if;
  perform 1 from kreyolcash_contas where id in (v_conta, kc_conta_emissor()) order by id for no key update;
  if not v_emissao and kc_disponivel(v_conta) < v_quantidade then return kc_erro('insufficient_balance'); end if;
  if v_emissao and kc_passa_teto(kc_conta_emissor(), v_conta, v_quantidade) then
    return kc_erro('amount_too_large');
  end if;
  v_mov := kc_movimento_imediato(jsonb_build_object(
    'tipo', p_tipo,
    'remetente_id', case when v_emissao then null else v_dono end,
    'destinatario_id', case when v_emissao then v_dono else null end,
    'conta_debito', case when v_emissao then kc_conta_emissor() else v_conta end,
    'conta_credito', case when v_emissao then v_conta else kc_conta_emissor() end,
    'quantidade_centis', v_quantidade, 'motivo', p->>'motivo', 'ator', p->>'ator'));
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'usuarios', jsonb_build_array(v_dono));
end $$;

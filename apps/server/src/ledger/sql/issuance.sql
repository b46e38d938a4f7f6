-- New KreyolCash (the signup bonus, referral bonuses): a movement from the issuer's account, the
-- batch that records the issuance, and both ledger lines, inside the caller's transaction.
-- The realtime event leaves at commit.
-- p: {user_id, quantidade_centis, origem: 'cadastro' | 'bonus', observacoes}
create or replace function kc_emitir(p jsonb) returns jsonb language plpgsql as $$
declare
  v_usuario uuid := (p->>'user_id')::uuid;
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  v_mov uuid;
begin
  if v_quantidade is null or v_quantidade <= 0 then return kc_erro('invalid_amount'); end if;
  if p->>'origem' not in ('cadastro', 'bonus') then return kc_erro('validation_error'); end if;
  -- Both accounts in ascending id, as kc_lancar takes them, so the ceiling is read under the locks.
  perform 1 from kreyolcash_contas where id in (kc_conta_emissor(), v_usuario) order by id for no key update;
  if kc_passa_teto(kc_conta_emissor(), v_usuario, v_quantidade) then return kc_erro('amount_too_large'); end if;
  v_mov := kc_movimento_imediato(jsonb_build_object(
    'tipo', p->>'origem', 'destinatario_id', v_usuario, 'conta_debito', kc_conta_emissor(),
    'conta_credito', v_usuario, 'quantidade_centis', v_quantidade, 'observacoes', p->>'observacoes'));
  insert into kreyolcash_lotes (user_id, movimentacao_id, quantidade_centis, origem)
  values (v_usuario, v_mov, v_quantidade, p->>'origem');
  -- The person's open screens update at commit (GET /api/events); issuance is rare, so its
  -- notification costs the hot paths nothing.
  perform kc_notificar('transaction', array[v_usuario], v_mov);
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov);
end $$;

-- The two-phase engine under every movement that waits for a code (transfers and purchases now;
-- escrow and cash-out later): hold → post | void | expire. What is around it (finding the payee,
-- pricing, stock) stays in the functions of each kind.
--
-- Lock order, which keeps every path deadlock-free: the movement first (then its sale and its
-- code), then the product, then accounts in ascending id, then the payer's running total of the
-- day (limits.sql). A new hold locks only its payer's
-- account (and the product before it, for a purchase).

-- Moves money between two accounts and writes both ledger lines, each with the balance before
-- and after. p_retido: the debit comes out of the payer's hold (posting) rather than out of what
-- is available (the caller has checked that, under the same locks).
create or replace function kc_lancar(p_mov uuid, p_debito uuid, p_credito uuid, p_quantidade bigint, p_retido boolean)
    returns void language plpgsql as $$
begin
  perform 1 from kreyolcash_contas where id in (p_debito, p_credito) order by id for no key update;
  with novos as (
    update kreyolcash_contas
       set saldo_centis = saldo_centis + case when id = p_credito then p_quantidade else -p_quantidade end,
           reservado_centis = reservado_centis - case when id = p_debito and p_retido then p_quantidade else 0 end,
           atualizado_em = now()
     where id in (p_debito, p_credito)
    returning id, saldo_centis, case when id = p_credito then p_quantidade else -p_quantidade end as valor)
  insert into kreyolcash_lancamentos (movimentacao_id, conta_id, valor_centis, saldo_anterior_centis, saldo_posterior_centis)
  select p_mov, id, valor, saldo_centis - valor, saldo_centis from novos order by valor;
end $$;

-- Hold: sets the payer's money aside for a new pending movement and records its code.
-- p: {tipo, remetente_id, destinatario_id, conta_debito, conta_credito, quantidade_centis,
--     observacoes, validade_ms, limites,
--     codigo: {finalidade, codigo, pepper, telefone, max_codigos, janela_ms}}
-- Answers {ok, movimentacao_id, expira_em} or insufficient_balance / account_frozen / a limit
-- (limits.sql) / rate_limited.
create or replace function kc_reter(p jsonb) returns jsonb language plpgsql as $$
declare
  v_quantidade bigint := (p->>'quantidade_centis')::bigint;
  v_debito uuid := (p->>'conta_debito')::uuid;
  v_remetente uuid := (p->>'remetente_id')::uuid;
  v_destinatario uuid := (p->>'destinatario_id')::uuid;
  v_mov uuid := gen_random_uuid();
  v_expira timestamptz := now() + make_interval(secs => (p->>'validade_ms')::bigint / 1000.0);
  v_recusa jsonb;
begin
  -- The hold is the balance check: one conditional update, which also takes the payer's lock.
  update kreyolcash_contas set reservado_centis = reservado_centis + v_quantidade, atualizado_em = now()
   where id = v_debito and saldo_centis - reservado_centis >= v_quantidade;
  if not found then
    -- A frozen account is told so, whatever its balance.
    if exists (select 1 from usuarios where id = v_remetente and congelado_em is not null) then
      return kc_erro('account_frozen');
    end if;
    return kc_erro('insufficient_balance');
  end if;
  -- The freeze and the level's limits are checked under that lock (limits.sql); a refusal gives
  -- the hold back in the same transaction.
  v_recusa := kc_limite_envio(p->'limites', v_remetente, v_destinatario, v_quantidade);
  if v_recusa is not null then
    update kreyolcash_contas set reservado_centis = reservado_centis - v_quantidade where id = v_debito;
    return v_recusa;
  end if;
  -- Codes per payer are counted under that lock, so concurrent requests cannot all slip under
  -- the limit; over it, the hold is given back in the same transaction.
  if kc_codigos_no_limite(v_remetente, (p->'codigo'->>'max_codigos')::integer, (p->'codigo'->>'janela_ms')::bigint) then
    update kreyolcash_contas set reservado_centis = reservado_centis - v_quantidade where id = v_debito;
    return kc_erro('rate_limited');
  end if;
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, expira_em, confirmacao, nos_limites, ao_expirar)
  values (v_mov, p->>'tipo', 'pendente', v_remetente, v_destinatario, v_debito, (p->>'conta_credito')::uuid,
          v_quantidade, p->>'observacoes', v_expira, 'codigo', true, 'anular');
  insert into kreyolcash_retencoes (movimentacao_id, conta_id, quantidade_centis)
  values (v_mov, v_debito, v_quantidade);
  -- Counted for the limits from the hold on, under the same lock (limits.sql).
  perform kc_envios_somar(v_remetente, kc_dia_haiti(now()), v_quantidade);
  perform kc_codigo_gravar((p->'codigo') || jsonb_build_object(
    'sujeito_id', v_mov, 'user_id', v_remetente, 'expira_em', v_expira,
    'vinculo', kc_vinculo_dinheiro(v_remetente, v_destinatario, v_quantidade)));
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'expira_em', v_expira);
end $$;

-- Post: the held money goes to the payee. The movement is locked by the caller. Under both
-- accounts' locks, a frozen payer (account_frozen) or a payee it would take past its level's
-- maximum balance (balance_limit_reached) is refused: nothing moves, and the caller voids the hold.
create or replace function kc_postar(p_mov uuid, p_debito uuid, p_credito uuid, p_quantidade bigint, p_limites jsonb)
    returns jsonb language plpgsql as $$
declare v_recusa jsonb;
begin
  perform 1 from kreyolcash_contas where id in (p_debito, p_credito) order by id for no key update;
  if exists (select 1 from usuarios where id = p_debito and congelado_em is not null) then
    return kc_erro('account_frozen');
  end if;
  v_recusa := kc_limite_recebimento(p_limites, p_credito, p_quantidade);
  if v_recusa is not null then return v_recusa; end if;
  delete from kreyolcash_retencoes where movimentacao_id = p_mov;
  perform kc_lancar(p_mov, p_debito, p_credito, p_quantidade, true);
  update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = p_mov;
  return null;
end $$;

-- Void or expire: the hold is released and the movement ends without moving money. The movement
-- is locked by the caller. p_status: 'cancelada' or 'expirada'.
create or replace function kc_anular(p_mov uuid, p_status text) returns void language plpgsql as $$
declare v record;
begin
  with retencao as (delete from kreyolcash_retencoes where movimentacao_id = p_mov returning conta_id, quantidade_centis)
  update kreyolcash_contas c set reservado_centis = c.reservado_centis - r.quantidade_centis, atualizado_em = now()
    from retencao r where c.id = r.conta_id;
  update kreyolcash_movimentacoes set status = p_status, concluido_em = now() where id = p_mov
  returning remetente_id, quantidade_centis, criado_em into v;
  -- No longer counted for the limits, on the day it was counted in (the payer's account is
  -- locked above, as at the hold).
  perform kc_envios_devolver(v.remetente_id, kc_dia_haiti(v.criado_em), v.quantidade_centis);
  -- Only the payer: nothing reached the payee, who never saw the hold (events.sql).
  perform kc_notificar('transaction', array[v.remetente_id], p_mov);
end $$;

-- A movement posted at once, without a hold (issuance, reversal, adjustment). The caller has
-- locked and checked what must be checked; the accounts are locked here in ascending order.
create or replace function kc_movimento_imediato(p jsonb) returns uuid language plpgsql as $$
declare v_mov uuid := gen_random_uuid();
begin
  insert into kreyolcash_movimentacoes (id, tipo, status, remetente_id, destinatario_id, conta_debito, conta_credito,
                                        quantidade_centis, observacoes, referente_a, motivo, ator, concluido_em)
  values (v_mov, p->>'tipo', 'concluida', (p->>'remetente_id')::uuid, (p->>'destinatario_id')::uuid,
          (p->>'conta_debito')::uuid, (p->>'conta_credito')::uuid, (p->>'quantidade_centis')::bigint,
          p->>'observacoes', (p->>'referente_a')::uuid, p->>'motivo', p->>'ator', now());
  perform kc_lancar(v_mov, (p->>'conta_debito')::uuid, (p->>'conta_credito')::uuid, (p->>'quantidade_centis')::bigint, false);
  return v_mov;
end $$;

-- What an account can spend now, read under its lock.
create or replace function kc_disponivel(p_conta uuid) returns bigint language sql stable as $$
  select saldo_centis - reservado_centis from kreyolcash_contas where id = p_conta
$$;

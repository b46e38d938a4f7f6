-- Two-phase transfers, each phase one call (one round trip). Lock order, which keeps them
-- deadlock-free: at most one movement (and its code) first, then balance rows in ascending user_id.

create or replace function kc_transferencia_iniciar(
    p_pagador uuid, p_email text, p_quantidade bigint, p_observacoes text, p_max_centis bigint,
    p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
    p_chave text, p_request_hash text, p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
declare v_anterior jsonb := kc_idem_abrir(p_pagador, p_chave, p_request_hash);
begin
  if v_anterior is not null then return v_anterior; end if;
  return kc_idem_fechar(p_pagador, p_chave,
    kc_transferencia_reservar(p_pagador, p_email, p_quantidade, p_observacoes, p_max_centis,
                              p_codigo, p_pepper, p_validade_ms, p_mensagem, p_max_codigos, p_janela_ms));
end $$;

create or replace function kc_transferencia_reservar(
    p_pagador uuid, p_email text, p_quantidade bigint, p_observacoes text, p_max_centis bigint,
    p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
    p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
declare
  v record;
  v_recentes integer;
  v_mov uuid;
  v_expira timestamptz := now() + make_interval(secs => p_validade_ms / 1000.0);
begin
  if p_quantidade is null or p_quantidade <= 0 then return kc_erro('invalid_amount'); end if;
  if p_quantidade > p_max_centis then return kc_erro('max_amount_error'); end if;
  select r.id, r.nome_completo, (select telefone from usuarios where id = p_pagador) as telefone_pagador
    into v
    from usuarios r where r.email = lower(btrim(p_email)) and r.status = 'ATIVO';
  if not found then return kc_erro('user_not_found'); end if;
  if v.id = p_pagador then return kc_erro('self_transfer'); end if;
  -- The reservation is the balance check: one conditional update of one row.
  update kreyolcash_saldos set reservado_centis = reservado_centis + p_quantidade, atualizado_em = now()
   where user_id = p_pagador and saldo_centis - reservado_centis >= p_quantidade;
  if not found then return kc_erro('insufficient_balance'); end if;
  -- Codes sent per payer are limited, counted under the payer's balance-row lock so concurrent
  -- requests of one payer cannot all slip under the limit. Counting stops at the limit; a limit
  -- of 0 means none (the ledger benchmark measures the money path without this policy).
  if p_max_codigos > 0 then
    select count(*) into v_recentes from (
      select 1 from kreyolcash_movimentacoes
       where remetente_id = p_pagador and criado_em > now() - make_interval(secs => p_janela_ms / 1000.0)
       limit p_max_codigos) recentes;
    if v_recentes >= p_max_codigos then
      update kreyolcash_saldos set reservado_centis = reservado_centis - p_quantidade where user_id = p_pagador;
      return kc_erro('rate_limited');
    end if;
  end if;
  insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, quantidade_centis, tipo, status, observacoes, expira_em)
  values (p_pagador, v.id, p_quantidade, 'transferencia', 'pendente', p_observacoes, v_expira)
  returning id into v_mov;
  insert into kreyolcash_codigos_verificacao (movimentacao_id, codigo_hash, expira_em)
  values (v_mov, kc_codigo_hash(p_codigo, p_pepper, 'transfer', v_mov, p_pagador, v.id, p_quantidade), v_expira);
  insert into outbox_messages (channel, recipient, text, purpose, referencia)
  values ('whatsapp', v.telefone_pagador,
          replace(replace(p_mensagem, '{{valor}}', kc_formatar_centis(p_quantidade)), '{{recebedor}}', v.nome_completo),
          'transfer_code', v_mov::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'status', 'pendente', 'expira_em', v_expira);
end $$;

create or replace function kc_transferencia_verificar(
    p_mov uuid, p_pagador uuid, p_codigo text, p_pepper text, p_max_tentativas integer,
    p_msg_pagador text, p_msg_recebedor text) returns jsonb language plpgsql as $$
declare
  v record;
  v_tentativas integer;
  v_valor text;
  v_linhas integer;
begin
  select m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis, m.status,
         c.codigo_hash, c.expira_em, c.tentativas_telefone,
         p.telefone as telefone_pagador, p.nome_completo as nome_pagador,
         r.telefone as telefone_recebedor, r.nome_completo as nome_recebedor
    into v
    from kreyolcash_movimentacoes m
    join kreyolcash_codigos_verificacao c on c.movimentacao_id = m.id
    join usuarios p on p.id = m.remetente_id
    join usuarios r on r.id = m.destinatario_id
   where m.id = p_mov and m.tipo = 'transferencia'
     for update of m, c;
  if not found or v.remetente_id <> p_pagador then return kc_erro('transaction_not_found'); end if;
  if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  if v.expira_em <= now() then
    perform kc_cancelar_e_liberar(v.id, v.remetente_id, v.quantidade_centis, v.destinatario_id);
    return kc_erro('code_expired');
  end if;
  if kc_codigo_hash(p_codigo, p_pepper, 'transfer', v.id, v.remetente_id, v.destinatario_id, v.quantidade_centis)
     <> v.codigo_hash then
    v_tentativas := v.tentativas_telefone + 1;
    update kreyolcash_codigos_verificacao set tentativas_telefone = v_tentativas where movimentacao_id = v.id;
    if v_tentativas >= p_max_tentativas then
      perform kc_cancelar_e_liberar(v.id, v.remetente_id, v.quantidade_centis, v.destinatario_id);
      return kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb);
    end if;
    return kc_erro('invalid_codes', jsonb_build_object('tentativas_restantes', p_max_tentativas - v_tentativas));
  end if;
  -- Both balance rows, in ascending user_id order, so two transfers between the same people
  -- in opposite directions can never wait on each other; then one update for both.
  perform 1 from kreyolcash_saldos where user_id in (v.remetente_id, v.destinatario_id) order by user_id for update;
  update kreyolcash_saldos
     set saldo_centis = saldo_centis
           + case when user_id = v.destinatario_id then v.quantidade_centis else -v.quantidade_centis end,
         reservado_centis = reservado_centis
           - case when user_id = v.remetente_id then v.quantidade_centis else 0 end,
         atualizado_em = now()
   where user_id in (v.remetente_id, v.destinatario_id);
  get diagnostics v_linhas = row_count;
  if v_linhas < 2 then -- a payee without a balance row yet (the payer's holds the reservation)
    insert into kreyolcash_saldos (user_id, saldo_centis) values (v.destinatario_id, v.quantidade_centis);
  end if;
  update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = v.id;
  update kreyolcash_codigos_verificacao set telefone_verificado = true where movimentacao_id = v.id;
  v_valor := kc_formatar_centis(v.quantidade_centis);
  insert into outbox_messages (channel, recipient, text, purpose, referencia) values
    ('whatsapp', v.telefone_pagador,
     replace(replace(replace(p_msg_pagador, '{{valor}}', v_valor), '{{recebedor}}', v.nome_recebedor), '{{pagador}}', v.nome_pagador),
     'transfer_done', v.id::text),
    ('whatsapp', v.telefone_recebedor,
     replace(replace(replace(p_msg_recebedor, '{{valor}}', v_valor), '{{recebedor}}', v.nome_recebedor), '{{pagador}}', v.nome_pagador),
     'transfer_done', v.id::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', v.id, 'recebedor_id', v.destinatario_id);
end $$;

create or replace function kc_transferencia_cancelar(p_mov uuid, p_pagador uuid) returns jsonb language plpgsql as $$
declare v record;
begin
  select id, remetente_id, destinatario_id, quantidade_centis, status into v
    from kreyolcash_movimentacoes where id = p_mov and tipo = 'transferencia' for update;
  if not found or v.remetente_id <> p_pagador then return kc_erro('transaction_not_found'); end if;
  if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  perform kc_cancelar_e_liberar(v.id, v.remetente_id, v.quantidade_centis, v.destinatario_id);
  return jsonb_build_object('ok', true, 'movimentacao_id', v.id);
end $$;

create or replace function kc_transferencia_reenviar_codigo(
  p_mov uuid, p_pagador uuid, p_codigo text, p_pepper text, p_mensagem text,
  p_max_tentativas integer, p_max_por_telefone integer, p_janela_ms integer) returns jsonb language plpgsql as $$
declare
  v record;
  v_enviados integer;
begin
  select m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis, m.status, c.expira_em, c.tentativas_telefone,
         u.telefone, d.nome_completo as recebedor
    into v
    from kreyolcash_movimentacoes m
    join kreyolcash_codigos_verificacao c on c.movimentacao_id = m.id
    join usuarios u on u.id = m.remetente_id
    join usuarios d on d.id = m.destinatario_id
   where m.id = p_mov and m.tipo = 'transferencia'
     for update of m, c;
  if not found or v.remetente_id <> p_pagador then return kc_erro('transaction_not_found'); end if;
  if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
  if v.expira_em <= now() then return kc_erro('code_expired'); end if;
  if v.tentativas_telefone >= p_max_tentativas then return kc_erro('code_attempts_exceeded'); end if;
  select count(*) into v_enviados from outbox_messages
   where recipient = v.telefone and purpose like '%_code'
     and created_at > now() - make_interval(secs => p_janela_ms / 1000.0);
  if v_enviados >= p_max_por_telefone then return kc_erro('rate_limited'); end if;
  update kreyolcash_codigos_verificacao
     set codigo_hash = kc_codigo_hash(p_codigo, p_pepper, 'transfer', v.id, v.remetente_id, v.destinatario_id, v.quantidade_centis)
   where movimentacao_id = v.id;
  insert into outbox_messages (channel, recipient, text, purpose, referencia)
  values ('whatsapp', v.telefone,
          replace(replace(p_mensagem, '{{valor}}', kc_formatar_centis(v.quantidade_centis)), '{{recebedor}}', v.recebedor),
          'transfer_code', v.id::text);
  return jsonb_build_object('ok', true, 'movimentacao_id', v.id, 'tentativas_restantes', p_max_tentativas - v.tentativas_telefone);
end $$;

import { type Kysely, sql } from 'kysely';

// Two-phase transfers, each phase one database function call (one round trip):
//   kc_transferencia_iniciar  — checks, reserves, creates the pending movement, its code and the
//                               WhatsApp message with the code, and records the idempotency key;
//   kc_transferencia_verificar — checks the code; posts (debit, credit, release) or counts a
//                               failure, cancelling at the last attempt;
//   kc_transferencia_cancelar / kc_expirar_pendentes — void and release.
// Failures are returned as {ok:false, error:<spec key>} rather than raised, so a counted wrong
// attempt or an idempotency record commits with the answer.
//
// The hot paths (initiate, post) send no NOTIFY: PostgreSQL serializes the commits of notifying
// transactions, which capped throughput at a few hundred transfers a second. The server publishes
// their realtime events after the call returns; only the rare voiding paths notify from here.
//
// Lock order, which is what keeps these deadlock-free: a transaction locks at most one movement
// (and its code) first, then balance rows — one row, or several in ascending user_id order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table kreyolcash_codigos_verificacao (
      movimentacao_id uuid primary key references kreyolcash_movimentacoes (id),
      codigo_hash text not null,
      expira_em timestamptz not null,
      tentativas_telefone integer not null default 0,
      telefone_verificado boolean not null default false,
      criado_em timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table idempotency_keys (
      user_id uuid not null references usuarios (id),
      chave text not null,
      request_hash text not null,
      resposta jsonb,
      criado_em timestamptz not null default now(),
      primary key (user_id, chave)
    )`.execute(db);
  // Which movement (or sale, or change) a message is about: for support, audits and tests.
  await sql`alter table outbox_messages add column referencia text`.execute(db);
  await sql`create index idempotency_keys_criado_idx on idempotency_keys (criado_em)`.execute(db);
  await sql`create index kreyolcash_mov_pendentes_idx on kreyolcash_movimentacoes (expira_em)
              where status in ('pendente', 'aguardando_codigo')`.execute(db);

  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
}

export const FUNCTIONS = [
  // '₭ 1.234,56' exactly as formatKreyol in packages/domain (a test compares them).
  `create function kc_formatar_centis(c bigint) returns text language sql immutable as $$
     select case when c < 0 then '-' else '' end || '₭ '
       || regexp_replace((abs(c) / 100)::text, '(\\d)(?=(\\d{3})+$)', '\\1.', 'g')
       || ',' || lpad((abs(c) % 100)::text, 2, '0')
   $$`,

  // A code is stored only as a keyed hash bound to everything it authorises: who pays whom, how
  // much, for which movement and purpose. The pepper lives in the server's configuration, so a
  // copy of the database does not allow guessing codes offline.
  `create function kc_codigo_hash(p_codigo text, p_pepper text, p_finalidade text, p_mov uuid,
       p_pagador uuid, p_recebedor uuid, p_quantidade bigint) returns text language sql immutable as $$
     select encode(sha256(convert_to(concat_ws(':', p_pepper, p_finalidade, p_mov, p_pagador, p_recebedor,
       p_quantidade, p_codigo), 'UTF8')), 'hex')
   $$`,

  `create function kc_erro(p_codigo text, p_extra jsonb default '{}'::jsonb) returns jsonb language sql immutable as $$
     select jsonb_build_object('ok', false, 'error', p_codigo) || p_extra
   $$`,

  `create function kc_notificar(p_tipo text, p_usuarios uuid[], p_id uuid) returns void language sql as $$
     select pg_notify('kc_events', jsonb_build_object('type', p_tipo, 'users', to_jsonb(p_usuarios), 'id', p_id)::text)
   $$`,

  // Voids a pending movement and gives the payer back the reserved amount.
  `create function kc_cancelar_e_liberar(p_mov uuid, p_pagador uuid, p_quantidade bigint, p_destinatario uuid)
     returns void language plpgsql as $$
   begin
     update kreyolcash_saldos set reservado_centis = reservado_centis - p_quantidade, atualizado_em = now()
      where user_id = p_pagador;
     update kreyolcash_movimentacoes set status = 'cancelada', concluido_em = now() where id = p_mov;
     perform kc_notificar('transaction', array[p_pagador, p_destinatario], p_mov);
   end $$`,

  // Idempotency-Key, Stripe's way: the first request with a key runs and its answer is kept;
  // the same key with the same body gets that answer again; with another body it is refused.
  // kc_idem_abrir returns null when the caller should run the request, or the answer to give.
  `create function kc_idem_abrir(p_usuario uuid, p_chave text, p_request_hash text) returns jsonb language plpgsql as $$
   declare v_anterior record;
   begin
     if p_chave is null then return null; end if;
     insert into idempotency_keys (user_id, chave, request_hash) values (p_usuario, p_chave, p_request_hash)
     on conflict do nothing;
     if found then return null; end if;
     -- A concurrent twin waited on the key's unique index until the first committed.
     select request_hash, resposta into v_anterior from idempotency_keys where user_id = p_usuario and chave = p_chave;
     if v_anterior.request_hash <> p_request_hash then return kc_erro('idempotency_key_reused'); end if;
     return coalesce(v_anterior.resposta || '{"replayed": true}'::jsonb, kc_erro('request_in_progress'));
   end $$`,

  `create function kc_idem_fechar(p_usuario uuid, p_chave text, p_resposta jsonb) returns jsonb language plpgsql as $$
   begin
     if p_chave is not null then
       -- A rate-limited request did nothing: the same key may try again later.
       if p_resposta->>'error' = 'rate_limited' then
         delete from idempotency_keys where user_id = p_usuario and chave = p_chave;
       else
         update idempotency_keys set resposta = p_resposta where user_id = p_usuario and chave = p_chave;
       end if;
     end if;
     return p_resposta;
   end $$`,

  `create function kc_transferencia_iniciar(
       p_pagador uuid, p_email text, p_quantidade bigint, p_observacoes text, p_max_centis bigint,
       p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
       p_chave text, p_request_hash text, p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
   declare v_anterior jsonb := kc_idem_abrir(p_pagador, p_chave, p_request_hash);
   begin
     if v_anterior is not null then return v_anterior; end if;
     return kc_idem_fechar(p_pagador, p_chave,
       kc_transferencia_reservar(p_pagador, p_email, p_quantidade, p_observacoes, p_max_centis,
                                 p_codigo, p_pepper, p_validade_ms, p_mensagem, p_max_codigos, p_janela_ms));
   end $$`,

  `create function kc_transferencia_reservar(
       p_pagador uuid, p_email text, p_quantidade bigint, p_observacoes text, p_max_centis bigint,
       p_codigo text, p_pepper text, p_validade_ms integer, p_mensagem text,
       p_max_codigos integer, p_janela_ms integer) returns jsonb language plpgsql as $$
   declare
     v_recebedor record;
     v_recentes integer;
     v_telefone text;
     v_mov uuid;
     v_expira timestamptz := now() + make_interval(secs => p_validade_ms / 1000.0);
   begin
     if p_quantidade is null or p_quantidade <= 0 then return kc_erro('invalid_amount'); end if;
     if p_quantidade > p_max_centis then return kc_erro('max_amount_error'); end if;
     select id, nome_completo into v_recebedor from usuarios where email = lower(btrim(p_email)) and status = 'ATIVO';
     if not found then return kc_erro('user_not_found'); end if;
     if v_recebedor.id = p_pagador then return kc_erro('self_transfer'); end if;
     -- Codes sent per payer are limited. Counted under the payer's balance-row lock, so concurrent
     -- requests of one payer cannot all slip under the limit.
     perform 1 from kreyolcash_saldos where user_id = p_pagador for update;
     -- Counting stops at the limit, so a busy payer costs no more than a quiet one. A limit of 0
     -- means none (the ledger benchmark measures the money path without this policy).
     if p_max_codigos > 0 then
       select count(*) into v_recentes from (
         select 1 from kreyolcash_movimentacoes
          where remetente_id = p_pagador and criado_em > now() - make_interval(secs => p_janela_ms / 1000.0)
          limit p_max_codigos) recentes;
       if v_recentes >= p_max_codigos then return kc_erro('rate_limited'); end if;
     end if;
     -- The reservation is the balance check: one conditional update of one row.
     update kreyolcash_saldos set reservado_centis = reservado_centis + p_quantidade, atualizado_em = now()
      where user_id = p_pagador and saldo_centis - reservado_centis >= p_quantidade;
     if not found then return kc_erro('insufficient_balance'); end if;
     insert into kreyolcash_movimentacoes (remetente_id, destinatario_id, quantidade_centis, tipo, status, observacoes, expira_em)
     values (p_pagador, v_recebedor.id, p_quantidade, 'transferencia', 'pendente', p_observacoes, v_expira)
     returning id into v_mov;
     insert into kreyolcash_codigos_verificacao (movimentacao_id, codigo_hash, expira_em)
     values (v_mov, kc_codigo_hash(p_codigo, p_pepper, 'transfer', v_mov, p_pagador, v_recebedor.id, p_quantidade), v_expira);
     select telefone into v_telefone from usuarios where id = p_pagador;
     insert into outbox_messages (channel, recipient, text, purpose, referencia)
     values ('whatsapp', v_telefone,
             replace(replace(p_mensagem, '{{valor}}', kc_formatar_centis(p_quantidade)), '{{recebedor}}', v_recebedor.nome_completo),
             'transfer_code', v_mov::text);
     return jsonb_build_object('ok', true, 'movimentacao_id', v_mov, 'status', 'pendente', 'expira_em', v_expira);
   end $$`,

  `create function kc_transferencia_verificar(
       p_mov uuid, p_pagador uuid, p_codigo text, p_pepper text, p_max_tentativas integer,
       p_msg_pagador text, p_msg_recebedor text) returns jsonb language plpgsql as $$
   declare
     v record;
     v_tentativas integer;
   begin
     select m.id, m.remetente_id, m.destinatario_id, m.quantidade_centis, m.status,
            c.codigo_hash, c.expira_em, c.tentativas_telefone
       into v
       from kreyolcash_movimentacoes m join kreyolcash_codigos_verificacao c on c.movimentacao_id = m.id
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
     -- in opposite directions can never wait on each other.
     perform 1 from kreyolcash_saldos where user_id in (v.remetente_id, v.destinatario_id) order by user_id for update;
     update kreyolcash_saldos
        set saldo_centis = saldo_centis - v.quantidade_centis,
            reservado_centis = reservado_centis - v.quantidade_centis, atualizado_em = now()
      where user_id = v.remetente_id;
     insert into kreyolcash_saldos (user_id, saldo_centis) values (v.destinatario_id, v.quantidade_centis)
     on conflict (user_id) do update
       set saldo_centis = kreyolcash_saldos.saldo_centis + excluded.saldo_centis, atualizado_em = now();
     update kreyolcash_movimentacoes set status = 'concluida', concluido_em = now() where id = v.id;
     update kreyolcash_codigos_verificacao set telefone_verificado = true where movimentacao_id = v.id;
     insert into outbox_messages (channel, recipient, text, purpose, referencia)
     select 'whatsapp', u.telefone,
            replace(replace(replace(case when u.id = v.remetente_id then p_msg_pagador else p_msg_recebedor end,
              '{{valor}}', kc_formatar_centis(v.quantidade_centis)),
              '{{recebedor}}', (select nome_completo from usuarios where id = v.destinatario_id)),
              '{{pagador}}', (select nome_completo from usuarios where id = v.remetente_id)),
            'transfer_done', v.id::text
       from usuarios u where u.id in (v.remetente_id, v.destinatario_id)
      order by u.id = v.destinatario_id;
     return jsonb_build_object('ok', true, 'movimentacao_id', v.id, 'recebedor_id', v.destinatario_id);
   end $$`,

  `create function kc_transferencia_cancelar(p_mov uuid, p_pagador uuid) returns jsonb language plpgsql as $$
   declare v record;
   begin
     select id, remetente_id, destinatario_id, quantidade_centis, status into v
       from kreyolcash_movimentacoes where id = p_mov and tipo = 'transferencia' for update;
     if not found or v.remetente_id <> p_pagador then return kc_erro('transaction_not_found'); end if;
     if v.status <> 'pendente' then return kc_erro('transaction_not_pending', jsonb_build_object('status', v.status)); end if;
     perform kc_cancelar_e_liberar(v.id, v.remetente_id, v.quantidade_centis, v.destinatario_id);
     return jsonb_build_object('ok', true, 'movimentacao_id', v.id);
   end $$`,

  // Expired pending transfers, voided in ascending payer order (the balance lock order); rows
  // another transaction holds are left for the next sweep.
  `create function kc_expirar_pendentes(p_limite integer) returns integer language plpgsql as $$
   declare v record; n integer := 0;
   begin
     for v in
       select id, remetente_id, destinatario_id, quantidade_centis from kreyolcash_movimentacoes
        where status = 'pendente' and tipo = 'transferencia' and expira_em <= now()
        order by remetente_id, id limit p_limite
          for update skip locked
     loop
       perform kc_cancelar_e_liberar(v.id, v.remetente_id, v.quantidade_centis, v.destinatario_id);
       n := n + 1;
     end loop;
     return n;
   end $$`,
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of [
    'kc_expirar_pendentes',
    'kc_transferencia_cancelar',
    'kc_transferencia_verificar',
    'kc_transferencia_reservar',
    'kc_transferencia_iniciar',
    'kc_idem_fechar',
    'kc_idem_abrir',
    'kc_cancelar_e_liberar',
    'kc_notificar',
    'kc_erro',
    'kc_codigo_hash',
    'kc_formatar_centis',
  ]) {
    await sql`drop function if exists ${sql.id(fn)} cascade`.execute(db);
  }
  await sql`drop table if exists idempotency_keys`.execute(db);
  await sql`alter table outbox_messages drop column if exists referencia`.execute(db);
  await sql`drop table if exists kreyolcash_codigos_verificacao`.execute(db);
}

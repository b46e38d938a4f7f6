import { type Kysely, sql } from 'kysely';

// Resending a transfer's code: a new code replaces the old one, but the failed attempts and the
// expiry stay — resending must never buy extra guesses or extra time. Codes sent to one phone
// are limited per window (counted in the outbox, whatever sent them).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`create function kc_transferencia_reenviar_codigo(
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
    end $$`)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists kc_transferencia_reenviar_codigo`.execute(db);
}

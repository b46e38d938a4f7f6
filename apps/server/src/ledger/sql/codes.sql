-- One scheme for every 6-digit code: transfers, purchases and both steps of a phone change.
-- A code is stored only as a keyed hash bound to its purpose, its subject (the movement or the
-- phone change) and what it authorises (vinculo: who pays whom how much, or the phone). The pepper
-- lives in the server's configuration, so a copy of the database does not allow guessing codes
-- offline. Wrong attempts are counted on the code; resending replaces the code but keeps the
-- attempts and the expiry, so it never buys extra guesses or time.

-- Stable (not immutable): concat_ws is stable, and a stable SQL function is inlined.
create or replace function kc_codigo_hash(p_pepper text, p_finalidade text, p_sujeito uuid, p_vinculo text, p_codigo text)
    returns text language sql stable as $$
  select encode(sha256(convert_to(concat_ws(':', p_pepper, p_finalidade, p_sujeito, p_vinculo, p_codigo), 'UTF8')), 'hex')
$$;

create or replace function kc_vinculo_dinheiro(p_pagador uuid, p_recebedor uuid, p_quantidade bigint)
    returns text language sql immutable as $$
  select p_pagador::text || ':' || p_recebedor::text || ':' || p_quantidade::text
$$;

-- A movement's own code (a transfer's, a purchase's: the payer's, for a code-confirmed hold) lives
-- on its movement (migration 0026): its hash and wrong attempts are the movement's columns, its
-- expiry is the movement's, and the movement's leaving 'pendente' spends it. The hash stays: a
-- spent code confirms nothing, and clearing it would make every post's update write more WAL.
-- Every other code is a row of codigos_verificacao.
create or replace function kc_codigo_de_movimento(p_finalidade text) returns boolean language sql immutable as $$
  select p_finalidade in ('transfer', 'purchase')
$$;

-- A wrong code's refusal, its attempts now p_tentativas of p_max: the last one used is
-- code_attempts_exceeded, the others invalid_codes with what is left.
create or replace function kc_codigo_errado(p_tentativas integer, p_max integer) returns jsonb
    language sql immutable as $$
  select case when p_tentativas >= p_max then kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb)
              else kc_erro('invalid_codes', jsonb_build_object('tentativas_restantes', p_max - p_tentativas)) end
$$;

-- What refuses any code before it is compared: a spent or missing one, its expiry, its attempts.
create or replace function kc_codigo_recusa_previa(p_vivo boolean, p_expira timestamptz, p_tentativas integer,
                                                   p_max integer) returns jsonb language sql stable as $$
  select case when not p_vivo then kc_erro('transaction_not_pending')
              when p_expira <= now() then kc_erro('code_expired')
              when p_tentativas >= p_max then kc_erro('code_attempts_exceeded', '{"tentativas_restantes": 0}'::jsonb) end
$$;

-- Codes sent for one user within a window are limited (a limit of 0 means none: the ledger
-- benchmark measures the money path without this policy). Counting stops at the limit. A
-- movement's code is counted by its movement (a code-confirmed hold: confirmed by no party, with
-- an expiry, made in the code's transaction), where it is kept; the others by their row.
-- PL/pgSQL: with its subqueries, a SQL function would not be inlined, and would be planned again
-- in each transaction of every hold.
create or replace function kc_codigos_no_limite(p_usuario uuid, p_max integer, p_janela_ms bigint)
    returns boolean language plpgsql stable as $$
declare
  v_desde timestamptz := now() - make_interval(secs => p_janela_ms / 1000.0);
  v_contados integer;
begin
  if p_max <= 0 then return false; end if;
  select count(*) into v_contados from (
    select 1 from kreyolcash_movimentacoes
     where remetente_id = p_usuario and criado_em > v_desde and confirmador_id is null and expira_em is not null
     limit p_max) movimentos;
  if v_contados >= p_max then return true; end if;
  return v_contados + (select count(*) from (
    select 1 from codigos_verificacao
     where user_id = p_usuario and criado_em > v_desde and not kc_codigo_de_movimento(finalidade)
     limit p_max - v_contados) avulsos) >= p_max;
end $$;

-- A new code row. p: {sujeito_id, finalidade, user_id, telefone, vinculo, codigo, pepper, expira_em}
-- PL/pgSQL: its insert's plan is kept for the connection (a SQL function that writes is planned
-- again in each transaction, and every hold writes a code).
create or replace function kc_codigo_gravar(p jsonb) returns void language plpgsql as $$
begin
  insert into codigos_verificacao (sujeito_id, finalidade, user_id, telefone, codigo_hash, expira_em)
  values ((p->>'sujeito_id')::uuid, p->>'finalidade', (p->>'user_id')::uuid, p->>'telefone',
          kc_codigo_hash(p->>'pepper', p->>'finalidade', (p->>'sujeito_id')::uuid, p->>'vinculo', p->>'codigo'),
          (p->>'expira_em')::timestamptz);
end $$;

-- Whether the code given is the row's, still unspent, in time and within its attempts: what spends
-- it. A batch of verifications checks its codes with it at once (transfers.sql).
create or replace function kc_codigo_vale(c codigos_verificacao, p_vinculo text, p_codigo text, p_pepper text,
                                          p_max_tentativas integer) returns boolean language sql stable as $$
  select c.usado_em is null and c.expira_em > now() and c.tentativas < p_max_tentativas
         and c.codigo_hash = kc_codigo_hash(p_pepper, c.finalidade, c.sujeito_id, p_vinculo, p_codigo)
$$;

-- The same for a movement's own code (m: the movement's row), of purpose p_finalidade.
create or replace function kc_codigo_movimento_vale(m kreyolcash_movimentacoes, p_finalidade text, p_vinculo text,
                                                    p_codigo text, p_pepper text, p_max_tentativas integer)
    returns boolean language sql stable as $$
  select m.status = 'pendente' and m.expira_em > now() and m.codigo_tentativas < p_max_tentativas
         and m.codigo_hash = kc_codigo_hash(p_pepper, p_finalidade, m.id, p_vinculo, p_codigo)
$$;

-- Checks a code against its row, which the caller has locked. Null when right (the code is then
-- spent); otherwise the refusal, with the attempts left.
create or replace function kc_codigo_conferir(
    p_sujeito uuid, p_finalidade text, p_vinculo text, p_codigo text, p_pepper text, p_max_tentativas integer)
    returns jsonb language plpgsql as $$
declare
  c codigos_verificacao;
  v_recusa jsonb;
begin
  select * into c from codigos_verificacao where sujeito_id = p_sujeito and finalidade = p_finalidade;
  v_recusa := kc_codigo_recusa_previa(found and c.usado_em is null, c.expira_em, c.tentativas, p_max_tentativas);
  if v_recusa is not null then return v_recusa; end if;
  if kc_codigo_vale(c, p_vinculo, p_codigo, p_pepper, p_max_tentativas) then
    update codigos_verificacao set usado_em = now() where sujeito_id = p_sujeito and finalidade = p_finalidade;
    return null;
  end if;
  update codigos_verificacao set tentativas = c.tentativas + 1 where sujeito_id = p_sujeito and finalidade = p_finalidade;
  return kc_codigo_errado(c.tentativas + 1, p_max_tentativas);
end $$;

-- Checks a movement's own code (m: its row, which the caller has locked). Null when right: the
-- caller then posts the movement, which spends it. Otherwise the refusal, a wrong code's attempt
-- counted on the movement.
create or replace function kc_codigo_movimento_conferir(m kreyolcash_movimentacoes, p_finalidade text, p_vinculo text,
                                                        p_codigo text, p_pepper text, p_max_tentativas integer)
    returns jsonb language plpgsql as $$
declare v_recusa jsonb;
begin
  v_recusa := kc_codigo_recusa_previa(m.status = 'pendente' and m.codigo_hash is not null, m.expira_em,
                                      m.codigo_tentativas, p_max_tentativas);
  if v_recusa is not null then return v_recusa; end if;
  if kc_codigo_movimento_vale(m, p_finalidade, p_vinculo, p_codigo, p_pepper, p_max_tentativas) then return null; end if;
  update kreyolcash_movimentacoes set codigo_tentativas = m.codigo_tentativas + 1 where id = m.id;
  return kc_codigo_errado(m.codigo_tentativas + 1, p_max_tentativas);
end $$;

-- A new code for a movement's live one (m: its row, which the caller has locked; p_telefone: the
-- phone the new code goes to): same attempts, same expiry, limited per phone within a window
-- (counted in the outbox, whatever sent them). Null when replaced; otherwise the refusal.
-- p: {finalidade, vinculo, codigo, pepper, max_tentativas, max_por_telefone, janela_ms}
create or replace function kc_codigo_substituir(m kreyolcash_movimentacoes, p_telefone text, p jsonb)
    returns jsonb language plpgsql as $$
declare
  v_recusa jsonb := kc_codigo_recusa_previa(m.status = 'pendente' and m.codigo_hash is not null, m.expira_em,
                                            m.codigo_tentativas, (p->>'max_tentativas')::integer);
  v_enviados integer;
begin
  if v_recusa is not null then return v_recusa; end if;
  select count(*) into v_enviados from outbox_messages
   where recipient = p_telefone and purpose like '%_code'
     and created_at > now() - make_interval(secs => (p->>'janela_ms')::bigint / 1000.0);
  if v_enviados >= (p->>'max_por_telefone')::integer then return kc_erro('rate_limited'); end if;
  update kreyolcash_movimentacoes
     set codigo_hash = kc_codigo_hash(p->>'pepper', p->>'finalidade', m.id, p->>'vinculo', p->>'codigo')
   where id = m.id;
  return null;
end $$;

-- Codes whose subject is not a movement (both steps of a phone change and the proof of the sign-up
-- phone, 'telefone_cadastro'; for a phone change the subject is the
-- change, vinculo the phone the code is sent to, so a code sent to one number never confirms
-- another). The caller owns the subject and what a right code leads to; these functions own the
-- code, with the same hash, attempts, expiry and per-user limit as a movement's code.

-- A movement's code is stored with its hold and spent with its posting (two-phase.sql), never
-- alone: spending it here would leave money held on a code nobody can use. Passing one is a bug.
create or replace function kc_codigo_avulso(p_finalidade text) returns void language plpgsql immutable as $$
begin
  if p_finalidade is null
     or p_finalidade not in ('phone_change_current', 'phone_change_new', 'telefone_cadastro', 'deposito', 'saque') then
    raise exception 'kc_codigo: % is not a code without a movement', p_finalidade using errcode = '22023';
  end if;
end $$;

-- A new code, and the WhatsApp message that sends it to the phone (mensagem: its template,
-- purpose, language, parameters with the code, and the subject it refers to), written in the same
-- call: the code exists only with its message. The per-user window counts every code the user was
-- sent, movements' included, so no path floods a phone. Answers {ok, expira_em}.
-- p: {sujeito_id, finalidade, user_id, telefone, vinculo, codigo, pepper, validade_ms, max_codigos, janela_ms,
--     mensagem?: {template, purpose, idioma, params, referencia}}
create or replace function kc_codigo_emitir(p jsonb) returns jsonb language plpgsql as $$
declare
  v_expira timestamptz := now() + make_interval(secs => (p->>'validade_ms')::bigint / 1000.0);
begin
  perform kc_codigo_avulso(p->>'finalidade');
  if kc_codigos_no_limite((p->>'user_id')::uuid, (p->>'max_codigos')::integer, (p->>'janela_ms')::bigint) then
    return kc_erro('rate_limited');
  end if;
  perform kc_codigo_gravar(p || jsonb_build_object('expira_em', v_expira));
  if p ? 'mensagem' then
    insert into outbox_messages (channel, recipient, template, params, idioma, purpose, referencia)
    values ('whatsapp', p->>'telefone', p->'mensagem'->>'template', p->'mensagem'->'params',
            p->'mensagem'->>'idioma', p->'mensagem'->>'purpose', p->'mensagem'->>'referencia');
  end if;
  return jsonb_build_object('ok', true, 'expira_em', v_expira);
end $$;

-- Checks a code and spends it when right. The row is locked first, in the ledger's one lock
-- mode, so concurrent answers are counted one at a time and a right code is spent once. Without
-- vinculo, the phone the code was sent to. Answers {ok} or kc_codigo_conferir's refusal.
-- p: {sujeito_id, finalidade, codigo, pepper, max_tentativas, vinculo?}
create or replace function kc_codigo_verificar(p jsonb) returns jsonb language plpgsql as $$
declare
  c record;
begin
  perform kc_codigo_avulso(p->>'finalidade');
  select telefone, usado_em into c from codigos_verificacao
   where sujeito_id = (p->>'sujeito_id')::uuid and finalidade = p->>'finalidade' for no key update;
  if not found or c.usado_em is not null then return kc_erro('phone_change_not_pending'); end if;
  return coalesce(
    kc_codigo_conferir((p->>'sujeito_id')::uuid, p->>'finalidade', coalesce(p->>'vinculo', c.telefone),
                       p->>'codigo', p->>'pepper', (p->>'max_tentativas')::integer),
    jsonb_build_object('ok', true));
end $$;

-- Transfers' and purchases' codes that releases before migration 0026 wrote as rows (those of
-- movements still pending, holds made while this release was starting included): moved onto their
-- movements here, in the transaction that replaces the functions that wrote them, so that each can
-- still be confirmed. The others confirm nothing and go. Nothing is left to move afterwards.
update kreyolcash_movimentacoes m set codigo_hash = c.codigo_hash, codigo_tentativas = c.tentativas
  from codigos_verificacao c
 where c.sujeito_id = m.id and c.finalidade in ('transfer', 'purchase') and c.usado_em is null
   and m.status = 'pendente' and m.codigo_hash is null;
delete from codigos_verificacao where finalidade in ('transfer', 'purchase');

-- What no code path may do, refused by the database itself: edit or delete a ledger line, change
-- what a movement moves (amount, parties, accounts, kind, what it corrects) or the policy it was
-- held under, reopen or re-finish a movement, or delete one. Corrections are new movements.

create or replace function kc_recusar_alteracao() returns trigger language plpgsql as $$
begin
  raise exception '% of % refused: the ledger is append-only', tg_op, tg_table_name
    using errcode = 'integrity_constraint_violation';
end $$;

create or replace trigger kc_lancamentos_so_insercao before update or delete on kreyolcash_lancamentos
  for each row execute function kc_recusar_alteracao();

create or replace trigger kc_lancamentos_sem_truncate before truncate on kreyolcash_lancamentos
  for each statement execute function kc_recusar_alteracao();

create or replace trigger kc_movimentacoes_sem_delete before delete on kreyolcash_movimentacoes
  for each row execute function kc_recusar_alteracao();

create or replace trigger kc_movimentacoes_sem_truncate before truncate on kreyolcash_movimentacoes
  for each statement execute function kc_recusar_alteracao();

-- The WHEN clause is evaluated without entering PL/pgSQL, so the posting path pays nearly nothing.
create or replace trigger kc_movimentacoes_imutaveis before update on kreyolcash_movimentacoes
  for each row when (
    new.quantidade_centis <> old.quantidade_centis or new.tipo <> old.tipo
    or new.remetente_id is distinct from old.remetente_id or new.destinatario_id is distinct from old.destinatario_id
    or new.conta_debito <> old.conta_debito or new.conta_credito <> old.conta_credito
    or new.referente_a is distinct from old.referente_a or new.criado_em <> old.criado_em
    or new.confirmador_id is distinct from old.confirmador_id or new.nos_limites <> old.nos_limites
    or new.posta_ao_expirar <> old.posta_ao_expirar
    -- An ended movement's code (codes.sql) stays as it was spent.
    or (old.status <> 'pendente' and (new.status is distinct from old.status
                                      or new.codigo_hash is distinct from old.codigo_hash
                                      or new.codigo_tentativas <> old.codigo_tentativas)))
  execute function kc_recusar_alteracao();

-- The operators' audit trail is append-only too: what an operator did stays as it was written.
create or replace trigger kc_auditoria_so_insercao before update or delete on auditoria
  for each row execute function kc_recusar_alteracao();

create or replace trigger kc_auditoria_sem_truncate before truncate on auditoria
  for each statement execute function kc_recusar_alteracao();

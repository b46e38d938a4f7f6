-- Expired pending transfers, voided in ascending payer order (the balance lock order); rows
-- another transaction holds are left for the next sweep.

create or replace function kc_expirar_pendentes(p_limite integer) returns integer language plpgsql as $$
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
end $$;

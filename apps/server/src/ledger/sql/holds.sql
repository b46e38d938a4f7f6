-- Voids a pending movement and gives the payer back the reserved amount.

create or replace function kc_cancelar_e_liberar(p_mov uuid, p_pagador uuid, p_quantidade bigint, p_destinatario uuid)
  returns void language plpgsql as $$
begin
  update kreyolcash_saldos set reservado_centis = reservado_centis - p_quantidade, atualizado_em = now()
   where user_id = p_pagador;
  update kreyolcash_movimentacoes set status = 'cancelada', concluido_em = now() where id = p_mov;
  perform kc_notificar('transaction', array[p_pagador, p_destinatario], p_mov);
end $$;

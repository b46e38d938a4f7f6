-- A code is stored only as a keyed hash bound to everything it authorises: who pays whom, how
-- much, for which movement and purpose. The pepper lives in the server's configuration, so a copy
-- of the database does not allow guessing codes offline. Stable (not immutable) so it is inlined.

create or replace function kc_codigo_hash(p_codigo text, p_pepper text, p_finalidade text, p_mov uuid,
    p_pagador uuid, p_recebedor uuid, p_quantidade bigint) returns text language sql stable as $$
  select encode(sha256(convert_to(concat_ws(':', p_pepper, p_finalidade, p_mov, p_pagador, p_recebedor,
    p_quantidade, p_codigo), 'UTF8')), 'hex')
$$;

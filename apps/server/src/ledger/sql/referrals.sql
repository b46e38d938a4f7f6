-- Referral codes: 8 characters of an alphabet without look-alikes (no I, O, 0, 1): 32 symbols, so
-- a byte mod 32 is unbiased. Bytes 8–15 of a version-4 UUID come from the CSPRNG. Retried until
-- unused, so a collision never fails a sign-up.

create or replace function kc_novo_codigo_indicacao() returns text language plpgsql volatile as $$
declare
  alfabeto constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea;
  codigo text;
begin
  loop
    bytes := uuid_send(gen_random_uuid());
    codigo := '';
    for i in 8..15 loop
      codigo := codigo || substr(alfabeto, get_byte(bytes, i) % 32 + 1, 1);
    end loop;
    exit when not exists (select 1 from usuarios where codigo_indicacao = codigo);
  end loop;
  return codigo;
end $$;

-- The default goes with its function: dropping the function drops the default.
alter table usuarios alter column codigo_indicacao set default kc_novo_codigo_indicacao();

-- '₭ 1.234,56' exactly as formatKreyol in packages/domain (a test compares them).

create or replace function kc_formatar_centis(c bigint) returns text language sql immutable as $$
  select case when c < 0 then '-' else '' end || '₭ '
    || regexp_replace((abs(c) / 100)::text, '(\d)(?=(\d{3})+$)', '\1.', 'g')
    || ',' || lpad((abs(c) % 100)::text, 2, '0')
$$;

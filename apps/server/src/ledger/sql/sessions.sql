-- Every signed-in request asks whether its session is still open (identity/session-checks.ts),
-- alone or together with the requests that arrived meanwhile. Asked through a PL/pgSQL function
-- so that each connection plans it once: planning was most of what the question cost PostgreSQL.

-- Of these claims (session p_ids[i] claimed by user p_usuarios[i]), the positions i whose session
-- is open and held by its claimant (one session may be claimed by two users in one batch).
create or replace function kc_sessoes_abertas(p_ids uuid[], p_usuarios uuid[]) returns setof integer
    language plpgsql stable as $$
begin
  return query
  select q.i::integer from unnest(p_ids, p_usuarios) with ordinality as q(id, user_id, i)
    join sessoes s on s.id = q.id
   where s.user_id = q.user_id and s.revogado_em is null;
end $$;

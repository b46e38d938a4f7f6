-- Every signed-in request asks whether its session is still open (identity/session-checks.ts),
-- alone or together with the requests that arrived meanwhile. Asked through a PL/pgSQL function
-- so that each connection plans it once: planning was most of what the question cost PostgreSQL.

-- Of these claims (session p_ids[i] claimed by user p_usuarios[i]), the positions i whose session
-- is open and held by its claimant (one session may be claimed by two users in one batch). One
-- primary-key probe per claim: a join of the claims with the sessions, planned once while the
-- sessions were few, went on scanning them all once they were many.
create or replace function kc_sessoes_abertas(p_ids uuid[], p_usuarios uuid[]) returns setof integer
    language plpgsql stable
    set enable_seqscan = off as $$
begin
  for i in 1 .. coalesce(array_length(p_ids, 1), 0) loop
    if exists (select 1 from sessoes s
                where s.id = p_ids[i] and s.user_id = p_usuarios[i] and s.revogado_em is null) then
      return next i;
    end if;
  end loop;
end $$;

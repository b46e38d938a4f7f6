-- The fee an operation charges for an amount under its published table (migration 0014), by the
-- rule of packages/domain/src/fees.ts, in integer arithmetic:
--   fee = fixa_centis + ⌊(amount × percentual_bp + 5 000) / 10 000⌋
--   commission = ⌊fee × comissao_bp / 10 000⌋ (an agent's part of a cash-out's or cash-in's fee)
-- The product is taken in numeric: amount × basis points passes bigint near the ceiling.
-- One indexed read, without a lock (FOR SHARE on a hot path makes MultiXacts under concurrency):
-- the fee is the one of the statement's snapshot, and the caller compares it with the fee the payer
-- saw. The bands run from 1 centi without a gap (the domain's rule, checked before they are
-- written), so the band starting at or below the amount either holds it or is the last band.
-- Answers {tarifa_centis, comissao_centis} (0 for an empty table) or amount_above_fee_bands
-- {limite_centis}.
create or replace function kc_tarifa(p_operacao text, p_quantidade bigint) returns jsonb
    language plpgsql stable as $$
declare
  f record;
  v_tarifa bigint;
begin
  select ate_centis, fixa_centis, percentual_bp, comissao_bp into f
    from tarifa_faixas
   where operacao = p_operacao and de_centis <= p_quantidade
   order by de_centis desc
   limit 1;
  if not found then return jsonb_build_object('tarifa_centis', 0, 'comissao_centis', 0); end if;
  if f.ate_centis < p_quantidade then
    return kc_erro('amount_above_fee_bands', jsonb_build_object('limite_centis', f.ate_centis));
  end if;
  v_tarifa := f.fixa_centis + div(p_quantidade::numeric * f.percentual_bp + 5000, 10000)::bigint;
  return jsonb_build_object('tarifa_centis', v_tarifa,
                            'comissao_centis', div(v_tarifa::numeric * f.comissao_bp, 10000)::bigint);
end $$;

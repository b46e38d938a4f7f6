import type { OperatorDay } from '@kreyolcash/domain';

// The operator's day as a sum an operator can check line by line: the money in circulation (people's
// and floats' balances) at the start, each flow as it counts (in +, out −), and the end.

export type CirculationLine = { key: string; centis: number };
/** centis as it counts in the sum; sign its direction, also for nothing redeemed (− ₭0,00). */
export type FlowLine = CirculationLine & { sign: '+' | '−' };
export type CirculationSum = {
  start: CirculationLine[];
  startTotal: number;
  flows: FlowLine[];
  end: CirculationLine[];
  endTotal: number;
};

export function circulationSum(day: OperatorDay): CirculationSum {
  return {
    start: [
      { key: 'startPeople', centis: day.saldo_inicio_pessoas_centis },
      { key: 'startFloats', centis: day.saldo_inicio_floats_centis },
    ],
    startTotal: day.saldo_inicio_pessoas_centis + day.saldo_inicio_floats_centis,
    flows: [
      flow('issued', day.emitido_centis),
      flow('redeemed', -day.resgatado_centis, 'out'),
      flow('bonuses', day.bonus_centis),
      flow('adjustments', day.ajustes_centis),
      flow('fees', -day.taxas_centis, 'out'),
    ],
    end: [
      { key: 'people', centis: day.saldo_pessoas_centis },
      { key: 'floats', centis: day.saldo_floats_centis },
    ],
    endTotal: day.saldo_pessoas_centis + day.saldo_floats_centis,
  };
}

function flow(key: string, centis: number, way: 'in' | 'out' = 'in'): FlowLine {
  return { key, centis, sign: centis < 0 || (centis === 0 && way === 'out') ? '−' : '+' };
}

import type { Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.ts';
import { moveFloatWithin, openAgentFloat } from '../apps/server/src/ledger/ledger.ts';

const ALL_DAY = [{ abre: '00:00', fecha: '24:00' }];

/**
 * Registers the person as an agent open all week, as support does, with a float of ₭10 000 000
 * that finance (`operatorId`) issued: the benches' counters. Answers the float's account and the
 * agent's number.
 */
export async function registerAgent(
  db: Kysely<DB>,
  person: { id: string; nome: string },
  operatorId: string,
): Promise<{ float: string; numero: number }> {
  return db.transaction().execute(async (trx) => {
    const float = await openAgentFloat(trx, person.id);
    const { numero } = await trx
      .insertInto('agentes')
      .values({
        usuario_id: person.id,
        conta_id: float,
        nome_comercial: `Boutik ${person.nome}`,
        comuna: 'hinche',
        endereco: 'Ri Lamè',
        horario: JSON.stringify(
          Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, ALL_DAY])),
        ),
        criado_por: operatorId,
      })
      .returning('numero')
      .executeTakeFirstOrThrow();
    const issued = await moveFloatWithin(trx, {
      kind: 'emissao',
      floatAccountId: float,
      amountCentis: 1_000_000_000,
      reason: 'bench',
      actor: operatorId,
      idempotencyKey: `float:${float}`,
    });
    if (!issued.ok) throw new Error(`float refused: ${issued.error}`);
    return { float, numero };
  });
}

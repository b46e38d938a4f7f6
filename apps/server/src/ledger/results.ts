import { isErrorCode } from '@kreyolcash/domain';
import { z } from 'zod';

// What each ledger function answers, one discriminated union per operation: {ok: true, …} or a
// refusal whose key is in the domain's error catalogue (extra fields, such as the attempts left,
// travel with it). An answer of any other shape is a bug, not a refusal: it throws.

const uuid = z.uuid();
const timestamp = z.string().transform((s) => new Date(s).toISOString());

export const refusalSchema = z.looseObject({
  ok: z.literal(false),
  error: z.string().refine(isErrorCode, 'not a key of the error catalogue'),
});
export type LedgerRefusal = z.infer<typeof refusalSchema>;

function answer<T extends z.ZodRawShape>(shape: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), replayed: z.boolean().optional(), ...shape }),
    refusalSchema,
  ]);
}

export const RESULTS = {
  // A replayed answer kept before transfers carried a fee has none: it charged none.
  holdTransfer: answer({
    movimentacao_id: uuid,
    status: z.literal('pendente'),
    expira_em: timestamp,
    tarifa_centis: z.number().int().default(0),
  }),
  holdPurchase: answer({
    venda_id: uuid,
    movimentacao_id: uuid,
    total_centis: z.number().int(),
    expira_em: timestamp,
  }),
  holdMovement: answer({ movimentacao_id: uuid, expira_em: timestamp, usuarios: z.array(uuid) }),
  // `linha`: the payer's statement row of the posted transfer, when the call asked for it (com_linha).
  postTransfer: answer({
    movimentacao_id: uuid,
    recebedor_id: uuid,
    linha: z
      .object({
        id: uuid,
        criado_em_exato: z.string(),
        apresentada: z.string(),
        taxa_centis: z.number().int().nullable(),
      })
      .nullish(),
  }),
  postPurchase: answer({ venda_id: uuid, movimentacao_id: uuid, vendedor_id: uuid }),
  postByParty: answer({ movimentacao_id: uuid, usuarios: z.array(uuid) }),
  voidTransfer: answer({ movimentacao_id: uuid }),
  voidPurchase: answer({ venda_id: uuid }),
  voidMovement: answer({ movimentacao_id: uuid }),
  resendCode: answer({ movimentacao_id: uuid, tentativas_restantes: z.number().int() }),
  issue: answer({ movimentacao_id: uuid }),
  reverse: answer({
    movimentacao_id: uuid,
    referente_a: uuid,
    quantidade_centis: z.number().int(),
    usuarios: z.array(uuid),
  }),
  adjust: answer({ movimentacao_id: uuid, usuarios: z.array(uuid) }),
  postLegs: answer({ movimentacao_id: uuid, usuarios: z.array(uuid) }),
  floatMovement: answer({ movimentacao_id: uuid, usuarios: z.array(uuid) }),
  // horizonte: opaque to the server, given back to the next call (expiry.sql).
  expire: answer({
    expiradas: z.number().int(),
    postadas: z.number().int(),
    horizonte: z.object({ ate: z.string(), marca: z.string() }).nullable(),
  }),
  // Codes whose subject is not a movement (verification-codes.ts).
  issueCode: answer({ expira_em: timestamp }),
  verifyCode: answer({}),
} as const;

export type LedgerResult<K extends keyof typeof RESULTS> = z.infer<(typeof RESULTS)[K]>;

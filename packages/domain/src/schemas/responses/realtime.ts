import { z } from 'zod';
import { named } from '../contract.ts';
import { type Wallet, walletSchema } from './wallet.ts';

// The realtime stream of the HTTP contract (GET /api/events, text/event-stream): each event's
// `data` is JSON of one of these shapes, by the event's name.

/** `event: transaction`: a movement of the person's changed; its id, to read it again. */
export const transactionEventSchema = named(
  'TransactionEvent',
  z.object({ id: z.string() }),
  'A movement of the person changed (event: transaction): its id',
);
export type TransactionEvent = z.output<typeof transactionEventSchema>;

/** `event: balance`: the balance as GET /api/wallet answers it, at the start and after each change. */
export const balanceEventSchema = walletSchema;
export type BalanceEvent = Wallet;

/** The events of the stream, by name. */
export type RealtimeEvents = { balance: BalanceEvent; transaction: TransactionEvent };
export const REALTIME_EVENT_NAMES = [
  'balance',
  'transaction',
] as const satisfies readonly (keyof RealtimeEvents)[];

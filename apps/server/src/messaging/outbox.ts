import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';
import { insertMessage, type NewOutboxMessage } from './outbox.repository.ts';

export type { NewOutboxMessage } from './outbox.repository.ts';

/**
 * Queues a message inside the caller's transaction: it exists, and will be delivered, if and only
 * if the change that caused it commits. Delivery never runs inside the money transaction, so a
 * messaging outage cannot hold money hostage.
 */
export async function enqueue(trx: Transaction<DB>, message: NewOutboxMessage): Promise<number> {
  return insertMessage(trx, message);
}

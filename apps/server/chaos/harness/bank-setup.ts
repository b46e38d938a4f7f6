import { type SeededUser, seedUser } from '../../src/test-support/ledger-fixtures.ts';
import { openTestDatabase, type TestDatabase } from '../../src/test-support/test-database.ts';
import { CHAOS_JWT_SECRET } from './server-process.ts';

export type Bank = {
  database: TestDatabase;
  host: { database: TestDatabase; config: { jwtSecret: string } };
  users: SeededUser[];
};

/** A fresh PostgreSQL database with `accounts` funded users (₭100 each) and their sessions. */
export async function openBank(accounts: number): Promise<Bank> {
  const database = await openTestDatabase();
  if (!database.url) throw new Error('the chaos suite runs on PostgreSQL: set TEST_DATABASE_URL');
  const host = { database, config: { jwtSecret: CHAOS_JWT_SECRET } };
  const users: SeededUser[] = [];
  for (let i = 0; i < accounts; i++) users.push(await seedUser(host));
  return { database, host, users };
}

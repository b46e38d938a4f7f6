import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database created for one measurement in the same PostgreSQL server, dropped afterwards. */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  // BENCH_KEEP_DATABASES=1 keeps them, to read pg_stat_user_tables or EXPLAIN afterwards.
  const drop = () =>
    process.env.BENCH_KEEP_DATABASES === '1'
      ? Promise.resolve(console.log(`kept ${url}`))
      : admin(`drop database if exists ${name} with (force)`);
  return { url: url.toString(), drop };
}

async function admin(statement: string): Promise<void> {
  await adminQuery(statement);
}

/** One statement on the server's admin database, on a connection of its own; its rows. */
export async function adminQuery<R extends object>(statement: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Runs `work` in `workers` parallel loops for `durationMs`; returns the completed count. */
export async function runWorkers(
  workers: number,
  durationMs: number,
  work: (worker: number) => Promise<boolean>,
) {
  let completed = 0;
  let failed = 0;
  const deadline = Date.now() + durationMs;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < deadline) {
        if (await work(worker).catch(() => false)) completed += 1;
        else failed += 1;
      }
    }),
  );
  return { completed, failed, perSecond: completed / (durationMs / 1000) };
}

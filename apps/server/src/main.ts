import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { prepareDatabase } from './db/prepare.ts';
import { ExpirySweeper } from './ledger/expiry-sweeper.ts';
import { noticeDeriver, publishHtgRate } from './ledger/ledger.ts';
import { rateLimiterFor } from './lib/rate-limit.ts';
import { OutboxRetention } from './messaging/outbox-retention.ts';
import { OutboxWorker } from './messaging/outbox-worker.ts';
import { transportsFor } from './messaging/transports.ts';
import { fileStoreFor, fileStoreName } from './uploads/file-store-for.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    readUrl: config.databaseReadUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
  });
  const { applied, warnings } = await prepareDatabase(config, database);
  // The rate the agents' screens show is the one the ledger's receipts write.
  if (config.agentsEnabled) await publishHtgRate(database.db, config.htgPerKcBp);
  const files = await fileStoreFor(config);
  const rateLimiter = rateLimiterFor(config);
  const app = await buildApp({ config, database, files, rateLimiter });
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  for (const warning of warnings) app.log.warn(warning);
  app.log.info({ uploads: fileStoreName(config) }, 'file store');
  const transports = transportsFor(config);
  const outboxWorker = new OutboxWorker({
    db: database.db,
    transports,
    feed: noticeDeriver(database.db),
    logger: app.log,
  });
  app.log.info({ whatsapp: transports.whatsapp.name, email: transports.email.name }, 'message transports');
  const expirySweeper = new ExpirySweeper(database.db, app.log, { levelLimits: config.levelLimits });
  const outboxRetention = new OutboxRetention(database.db, {
    retentionDays: config.messageRetentionDays,
    logger: app.log,
  });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness answers 503 first, so the load balancer stops sending before the server stops taking.
    app.deps.lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    // Stop taking requests, let the ones in flight finish, then close the database last.
    await app.close();
    await outboxWorker.stop();
    await expirySweeper.stop();
    await outboxRetention.stop();
    await rateLimiter.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  outboxWorker.start();
  expirySweeper.start();
  outboxRetention.start();
  app.log.info(`KreyolCash is on http://${config.host}:${portOf(app)} (${database.kind} database)`);
}

function portOf(app: Awaited<ReturnType<typeof buildApp>>): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('KreyolCash failed to start:', error);
  }
  process.exit(1);
});

// A worker in its own process, for the crash test: it delivers until it is killed.
import { openDatabase } from '../db/database.ts';
import { noticeDeriver } from '../ledger/ledger.ts';
import { OutboxWorker } from '../messaging/outbox-worker.ts';
import { devOutboxTransport, whatsappGatewayTransport } from '../messaging/transports.ts';

const env = process.env;
const database = await openDatabase({ databaseUrl: env.WORKER_DATABASE_URL, dataDir: env.WORKER_DATA_DIR });
const worker = new OutboxWorker({
  db: database.db,
  transports: {
    whatsapp: whatsappGatewayTransport({
      url: env.WORKER_GATEWAY_URL ?? '',
      token: 't',
      sendPath: '/send-message',
      timeoutMs: 60_000,
    }),
    email: devOutboxTransport,
  },
  feed: noticeDeriver(database.db),
  leaseMs: Number(env.WORKER_LEASE_MS ?? 60_000),
});
worker.start();

// `node --import tsx apps/server/src/commands/openapi-document.ts <file>`: writes the API's
// OpenAPI document, as /api/docs/json serves it, without a server or a stored database. The
// routes are registered on an empty in-memory database, which none of them reads to be declared.
import { writeFileSync } from 'node:fs';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { memoryRateLimiter } from '../lib/rate-limit.ts';
import { diskFileStore } from '../uploads/file-store.ts';

const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: openapi-document.ts <file>');
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...documentOnlyEnv() });
const database = await openDatabase({ databaseUrl: undefined, dataDir: undefined });
const app = await buildApp({
  config,
  database,
  files: diskFileStore('/nonexistent'),
  rateLimiter: memoryRateLimiter(),
});
try {
  await app.ready();
  writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
}

// Production's document (no development pages), with stand-ins for the settings it requires, and
// the agents' routes on so that they are documented and linted too (they exist only when on).
function documentOnlyEnv(): Record<string, string> {
  return {
    JWT_SECRET: 'document-only-secret-not-used-to-sign-anything-0123456789',
    DATABASE_URL: 'postgres://document-only@127.0.0.1:1/none',
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'https://kreyolcash.ht',
    SMTP_URL: 'smtp://127.0.0.1:1',
    WHATSAPP_GATEWAY_URL: 'http://127.0.0.1:1',
    AGENTS_ENABLED: 'true',
  };
}

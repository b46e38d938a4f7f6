import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AMOUNT_CEILING_CENTIS,
  DEFAULT_LEVEL_LIMITS,
  type LevelLimits,
  parseSupportHours,
  type SupportHours,
  type VerificationLevel,
} from '@kreyolcash/domain';
import { z } from 'zod';

// The only reader of process.env: every setting is parsed here once, and a bad value stops
// the start with a message naming the variable.

// A relative DATA_DIR is taken from the repository's root, not from the folder a command runs in:
// `npm start` runs the server from apps/server and `npm run operator:create` from the root, and
// both must open the same embedded database. src/config.ts and the compiled dist/ files sit at the
// same depth, so the root is the same from either.
export const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const optionalUrl = z.url().optional();
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  DATABASE_READ_URL: optionalUrl,
  DATABASE_LISTEN_URL: optionalUrl,
  DATABASE_OWNER_URL: optionalUrl,
  PUBLIC_URL: optionalUrl,
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('KreyolCash <no-reply@kreyolcash.local>'),
  WHATSAPP_GATEWAY_URL: optionalUrl,
  WHATSAPP_GATEWAY_TOKEN: z.string().optional(),
  WHATSAPP_SEND_PATH: z.string().startsWith('/').default('/send-message'),
  REDIS_URL: optionalUrl,
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(isProxyAddress), 'must list IP addresses or CIDRs, comma-separated'),
  OPS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  REPORT_DECISION_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(72),
  // At least a day: the resent-code limit counts the code messages of the last 15 minutes.
  MESSAGE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  LEVEL_LIMITS: z.string().optional().transform(parseLevelLimits),
  ADJUSTMENT_MAX_CENTIS: z.coerce
    .number()
    .int()
    .positive()
    .max(AMOUNT_CEILING_CENTIS, `must be at most ${AMOUNT_CEILING_CENTIS} (AMOUNT_CEILING_CENTIS)`)
    .default(100_000_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  AGENTS_ENABLED: z.enum(['true', 'false']).default('false'),
  // Gourdes per ₭, a decimal with at most 4 places (1.25), more than 0 and at most 1000.
  KC_HTG_RATE: z
    .string()
    .trim()
    .regex(
      /^\d{1,4}(\.\d{1,4})?$/,
      'must be a number of gourdes per ₭ with at most 4 decimals, e.g. 1 or 1.25',
    )
    .transform((text) => Math.round(Number(text) * 10_000))
    .pipe(z.number().int().min(1, 'must be more than 0').max(10_000_000, 'must be at most 1000'))
    .default(10_000),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .regex(/^\+[1-9]\d{7,14}$/, 'must be an international number, e.g. +50937000000')
    .optional(),
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_HOURS: z.string().optional().transform(parseHours),
});

/** Every variable the server reads; .env.example lists each with its meaning and default. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

// LEVEL_LIMITS: JSON of the limits to change, by level then field, in centis; what it leaves out
// keeps its default, e.g. {"2":{"diario_centis":1000000}}.
// Within the ceiling of every figure of money: a limit above it could never be reached.
const centis = z.number().int().positive().max(AMOUNT_CEILING_CENTIS);
const levelOverrides = z.strictObject({
  por_transferencia_centis: centis.optional(),
  diario_centis: centis.optional(),
  mensal_centis: centis.optional(),
  saldo_max_centis: centis.optional(),
});
const levelLimitsSchema = z.strictObject({
  0: levelOverrides.optional(),
  1: levelOverrides.optional(),
  2: levelOverrides.optional(),
});

function parseLevelLimits(
  text: string | undefined,
  context: z.RefinementCtx,
): Record<VerificationLevel, LevelLimits> {
  let overrides: z.infer<typeof levelLimitsSchema> = {};
  if (text !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      context.addIssue({ code: 'custom', message: 'must be JSON' });
      return z.NEVER;
    }
    const parsed = levelLimitsSchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        context.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` });
      return z.NEVER;
    }
    overrides = parsed.data;
  }
  return {
    0: { ...DEFAULT_LEVEL_LIMITS[0], ...overrides[0] },
    1: { ...DEFAULT_LEVEL_LIMITS[1], ...overrides[1] },
    2: { ...DEFAULT_LEVEL_LIMITS[2], ...overrides[2] },
  };
}

function parseHours(text: string | undefined, context: z.RefinementCtx): SupportHours[] {
  if (text === undefined) return [];
  const hours = parseSupportHours(text);
  if (hours) return hours;
  context.addIssue({ code: 'custom', message: 'must read like "mon-fri 08:00-17:00; sat 09:00-13:00"' });
  return z.NEVER;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A streaming standby for statement and history reads (see src/db/read-routing.ts); every money
   * decision, lock, limit, session check and write stays on DATABASE_URL. Only with DATABASE_URL.
   */
  databaseReadUrl: string | undefined;
  /**
   * The direct connection to the primary for what needs one server session: the realtime listener
   * (LISTEN, for its whole life) and, without databaseOwnerUrl, the migrations at start (a
   * session-level lock), so neither goes through PgBouncer in transaction mode. DATABASE_URL when
   * not set.
   */
  databaseListenUrl: string | undefined;
  /**
   * The schema owner's direct connection, never PgBouncer (src/db/privileges.ts): the start's
   * migrations and the app's grants run on it, and DATABASE_URL's role then owns nothing. Without
   * it the migrations run on databaseListenUrl and the app's role owns the schema (a warning).
   */
  databaseOwnerUrl: string | undefined;
  publicUrl: string;
  jwtSecret: string;
  logLevel: string;
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  whatsapp: { url: string; token: string | undefined; sendPath: string } | undefined;
  redisUrl: string | undefined;
  /** Scales every abuse limit; load tests raise it, production keeps 1. */
  rateLimitMultiplier: number;
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDRs). Empty: the client's address
   * is the socket's, whatever the request's headers say, so a made-up header escapes no per-IP limit.
   */
  trustProxy: string[];
  /** Bearer token of the operators' endpoints (outbox counts); without it they do not exist. */
  opsToken: string | undefined;
  /** How long support has to decide a "wrong person" report before its hold is released. */
  reportDecisionHours: number;
  /** How many days a sent WhatsApp message or e-mail is kept before it is deleted. */
  messageRetentionDays: number;
  /** What each verification level may send and hold (LEVEL_LIMITS over the defaults). */
  levelLimits: Record<VerificationLevel, LevelLimits>;
  /**
   * The most one adjustment may credit or debit, in centis, checked when it is proposed and again
   * when it is approved (the ceiling may have been lowered in between). At most AMOUNT_CEILING_CENTIS.
   */
  adjustmentMaxCentis: number;
  /**
   * On SIGTERM, how long readiness answers 503 before the server stops taking requests, so a load
   * balancer's health checks take this process out first. 0 (default): close at once.
   */
  shutdownDrainMs: number;
  /** Where uploads go when S3_BUCKET is set; otherwise they stay in DATA_DIR/uploads. */
  s3: S3Settings | undefined;
  /** How people reach support besides the app's own requests; what is not set is not shown. */
  support: SupportChannels;
  /**
   * Agents who change cash for ₭ and back (docs/agents.md). Running them needs a licensed partner:
   * off unless AGENTS_ENABLED=true, and then nothing of them exists, on the API or on a screen.
   */
  agentsEnabled: boolean;
  /**
   * What one ₭ is worth in gourdes, in ten-thousandths of a gourde (10 000: 1 ₭ = 1 HTG), shown
   * to people (GET /api/fees/rate) and read by nothing that moves money.
   */
  htgPerKcBp: number;
};

export type SupportChannels = {
  /** International number, e.g. +50937000000. */
  whatsapp: string | undefined;
  email: string | undefined;
  /** Opening hours in Haiti's time; empty when not configured. */
  hours: SupportHours[];
};

export type S3Settings = {
  bucket: string;
  region: string;
  /** Another S3-compatible service (MinIO, Ceph, Garage, R2…); AWS itself when absent. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's own chain (an instance or task role) provides them. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction) assertProductionSecrets(e);
  assertDatabaseUrls(e);
  const dataDir = resolve(REPOSITORY_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL ?? e.DATABASE_URL,
    databaseOwnerUrl: e.DATABASE_OWNER_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir: resolve(e.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url))),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    whatsapp: e.WHATSAPP_GATEWAY_URL
      ? { url: e.WHATSAPP_GATEWAY_URL, token: e.WHATSAPP_GATEWAY_TOKEN, sendPath: e.WHATSAPP_SEND_PATH }
      : undefined,
    redisUrl: e.REDIS_URL,
    rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
    trustProxy: e.TRUST_PROXY,
    opsToken: e.OPS_TOKEN,
    reportDecisionHours: e.REPORT_DECISION_HOURS,
    messageRetentionDays: e.MESSAGE_RETENTION_DAYS,
    levelLimits: e.LEVEL_LIMITS,
    adjustmentMaxCentis: e.ADJUSTMENT_MAX_CENTIS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    s3: s3Settings(e),
    support: { whatsapp: e.SUPPORT_WHATSAPP, email: e.SUPPORT_EMAIL, hours: e.SUPPORT_HOURS },
    agentsEnabled: e.AGENTS_ENABLED === 'true',
    htgPerKcBp: e.KC_HTG_RATE,
  };
}

// The embedded database has no standby and no pooler: a read or listen URL without DATABASE_URL
// would be quietly ignored, so it stops the start instead.
function assertDatabaseUrls(e: z.infer<typeof envSchema>): void {
  if (e.DATABASE_URL) return;
  const given = (['DATABASE_READ_URL', 'DATABASE_LISTEN_URL', 'DATABASE_OWNER_URL'] as const).filter(
    (name) => e[name],
  );
  if (given.length === 0) return;
  throw new ConfigError(
    `Invalid configuration:\n  ${given.join(', ')}: only with DATABASE_URL (the embedded database has no standby)`,
  );
}

function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const problems: string[] = [];
  const given = S3_NAMES.filter((name) => e[name] !== undefined);
  // A half-configured store would quietly keep files on the local disk: refuse it instead.
  if (!e.S3_BUCKET && given.length > 0) {
    problems.push(`  S3_BUCKET: required when ${given.join(', ')} is set`);
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    problems.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  if (!e.S3_BUCKET) return undefined;
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    // Self-hosted stores answer at one host name (no wildcard DNS per bucket), so path style is
    // their default; AWS itself keeps virtual-hosted style.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

// What Fastify's trustProxy (proxy-addr) accepts: an address, a CIDR, or one of its named ranges.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

function assertProductionSecrets(e: z.infer<typeof envSchema>): void {
  // Production sends real codes, so it needs real transports: the development outbox never runs there.
  const required = ['JWT_SECRET', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'WHATSAPP_GATEWAY_URL'] as const;
  const missing = required.filter((name) => !e[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(', ')}: required when NODE_ENV=production`,
    );
  }
}

// Outside production a secret is generated once and kept in DATA_DIR, so sessions survive restarts
// without any set-up.
function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

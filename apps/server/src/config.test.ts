import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AMOUNT_CEILING_CENTIS, DEFAULT_LEVEL_LIMITS, MAX_TRANSFER_CENTIS } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'kc-config-'));

describe('loadConfig', () => {
  it('uses the local defaults when nothing is set', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', dataDir, databaseUrl: undefined });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.whatsapp).toBeUndefined();
    // No proxy is trusted and no operators' endpoint exists unless configured.
    expect(config.trustProxy).toEqual([]);
    expect(config.opsToken).toBeUndefined();
  });

  it('reads TRUST_PROXY as a list of addresses and CIDRs', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1 ,::1,fd00::/8,loopback',
    });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
  });

  it.each(['true', '*', 'proxy.example.ht', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129'])(
    'refuses TRUST_PROXY=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('takes a standby for reads and a listener URL only beside DATABASE_URL', () => {
    const primary = 'postgres://kc@pgbouncer:6432/kc';
    const plain = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: primary });
    expect(plain).toMatchObject({
      databaseReadUrl: undefined,
      databaseListenUrl: primary,
      databaseOwnerUrl: undefined,
    });
    const split = loadConfig({
      DATA_DIR: tempDir(),
      DATABASE_URL: primary,
      DATABASE_READ_URL: 'postgres://kc@standby:5432/kc',
      DATABASE_LISTEN_URL: 'postgres://kc@primary:5432/kc',
      DATABASE_OWNER_URL: 'postgres://kc_owner@primary:5432/kc',
    });
    expect(split).toMatchObject({
      databaseReadUrl: 'postgres://kc@standby:5432/kc',
      databaseListenUrl: 'postgres://kc@primary:5432/kc',
      databaseOwnerUrl: 'postgres://kc_owner@primary:5432/kc',
    });
  });

  it.each(['DATABASE_READ_URL', 'DATABASE_LISTEN_URL', 'DATABASE_OWNER_URL'])(
    'refuses %s without DATABASE_URL (the embedded database has no standby)',
    (name) => {
      const start = () => loadConfig({ DATA_DIR: tempDir(), [name]: 'postgres://kc@standby:5432/kc' });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(new RegExp(`${name}: only with DATABASE_URL`));
    },
  );

  it('refuses an OPS_TOKEN shorter than 32 characters', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), OPS_TOKEN: 'short' })).toThrow(/OPS_TOKEN/);
    expect(loadConfig({ DATA_DIR: tempDir(), OPS_TOKEN: 'o'.repeat(32) }).opsToken).toBe('o'.repeat(32));
  });

  it('reads the support channels, shows none unless configured, and names a mistyped one', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).support).toEqual({
      whatsapp: undefined,
      email: undefined,
      hours: [],
    });
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SUPPORT_WHATSAPP: '+50937000000',
      SUPPORT_EMAIL: 'sipo@kreyolcash.ht',
      SUPPORT_HOURS: 'Mon-Fri 08:00-17:00;sun 10:00-12:30',
    });
    expect(config.support).toEqual({
      whatsapp: '+50937000000',
      email: 'sipo@kreyolcash.ht',
      hours: [
        { from: 'mon', to: 'fri', opens: '08:00', closes: '17:00' },
        { from: 'sun', to: 'sun', opens: '10:00', closes: '12:30' },
      ],
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), SUPPORT_WHATSAPP: '37000000' })).toThrow(
      /SUPPORT_WHATSAPP/,
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), SUPPORT_EMAIL: 'sipo' })).toThrow(/SUPPORT_EMAIL/);
    for (const hours of ['weekdays 8-5', 'mon 17:00-08:00', 'mon 08:00-25:00', 'mon-fri'])
      expect(() => loadConfig({ DATA_DIR: tempDir(), SUPPORT_HOURS: hours }), hours).toThrow(/SUPPORT_HOURS/);
  });

  it('takes the verification levels’ limits from LEVEL_LIMITS over the defaults', () => {
    const defaults = loadConfig({ DATA_DIR: tempDir() }).levelLimits;
    expect(defaults).toEqual(DEFAULT_LEVEL_LIMITS);
    expect(defaults[1].por_transferencia_centis).toBe(MAX_TRANSFER_CENTIS);
    const changed = loadConfig({ DATA_DIR: tempDir(), LEVEL_LIMITS: '{"2":{"diario_centis":1000000}}' });
    expect(changed.levelLimits[2]).toEqual({ ...DEFAULT_LEVEL_LIMITS[2], diario_centis: 1_000_000 });
    expect(changed.levelLimits[1]).toEqual(DEFAULT_LEVEL_LIMITS[1]);
  });

  it.each([
    'not json',
    '{"3":{}}',
    '{"1":{"diario":5}}',
    '{"1":{"diario_centis":0}}',
    '{"1":{"diario_centis":1.5}}',
    // Above the ceiling of every figure of money.
    `{"2":{"saldo_max_centis":${AMOUNT_CEILING_CENTIS + 1}}}`,
  ])('refuses LEVEL_LIMITS=%s, naming the variable', (value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), LEVEL_LIMITS: value })).toThrow(/LEVEL_LIMITS/);
  });

  it('bounds an adjustment by ADJUSTMENT_MAX_CENTIS, ₭1 000 000 unless set, never above the ceiling', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).adjustmentMaxCentis).toBe(100_000_000);
    expect(loadConfig({ DATA_DIR: tempDir(), ADJUSTMENT_MAX_CENTIS: '5000' }).adjustmentMaxCentis).toBe(
      5_000,
    );
    const ceiling = String(AMOUNT_CEILING_CENTIS);
    expect(loadConfig({ DATA_DIR: tempDir(), ADJUSTMENT_MAX_CENTIS: ceiling }).adjustmentMaxCentis).toBe(
      AMOUNT_CEILING_CENTIS,
    );
    for (const value of [String(AMOUNT_CEILING_CENTIS + 1), '9007199254740991', '0', '-1', '1.5', 'lots']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), ADJUSTMENT_MAX_CENTIS: value }), value).toThrow(
        /ADJUSTMENT_MAX_CENTIS/,
      );
    }
  });

  it('keeps sent messages 30 days unless MESSAGE_RETENTION_DAYS says otherwise, at least a day', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).messageRetentionDays).toBe(30);
    expect(loadConfig({ DATA_DIR: tempDir(), MESSAGE_RETENTION_DAYS: '7' }).messageRetentionDays).toBe(7);
    for (const value of ['0', '-1', '1.5', '3651', 'forever']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), MESSAGE_RETENTION_DAYS: value }), value).toThrow(
        /MESSAGE_RETENTION_DAYS/,
      );
    }
  });

  it('reads KC_HTG_RATE as gourdes per ₭, 1 unless set, in ten-thousandths', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).htgPerKcBp).toBe(10_000);
    expect(loadConfig({ DATA_DIR: tempDir(), KC_HTG_RATE: '1.25' }).htgPerKcBp).toBe(12_500);
    expect(loadConfig({ DATA_DIR: tempDir(), KC_HTG_RATE: '0.0001' }).htgPerKcBp).toBe(1);
    for (const value of ['0', '-1', '1.00001', '1,25', '1001', 'lots']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), KC_HTG_RATE: value }), value).toThrow(/KC_HTG_RATE/);
    }
  });

  it('keeps uploads on the disk unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).s3).toBeUndefined();
  });

  it('reads the S3 settings: path style by default for another endpoint, not for AWS itself', () => {
    const minio = loadConfig({
      DATA_DIR: tempDir(),
      S3_BUCKET: 'kc-uploads',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'kc',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(minio.s3).toEqual({
      bucket: 'kc-uploads',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'kc', secretAccessKey: 'secret' },
    });
    const aws = loadConfig({ DATA_DIR: tempDir(), S3_BUCKET: 'kc-uploads', S3_REGION: 'us-east-2' });
    expect(aws.s3).toEqual({
      bucket: 'kc-uploads',
      region: 'us-east-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const explicit = { DATA_DIR: tempDir(), S3_BUCKET: 'kc-uploads', S3_ENDPOINT: 'https://s3.example.ht' };
    expect(loadConfig({ ...explicit, S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...explicit, S3_FORCE_PATH_STYLE: 'true' }).s3?.forcePathStyle).toBe(true);
  });

  it.each([
    [
      { S3_BUCKET: 'kc-uploads', S3_ACCESS_KEY_ID: 'kc' },
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both/,
    ],
    [{ S3_BUCKET: 'kc-uploads', S3_SECRET_ACCESS_KEY: 'secret' }, /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: required when S3_ENDPOINT is set/],
    [{ S3_BUCKET: 'kc-uploads', S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT/],
    [{ S3_BUCKET: 'kc-uploads', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE/],
    [{ S3_BUCKET: 'k' }, /S3_BUCKET/],
  ])('refuses an incomplete or bad S3 setting %o, naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(message);
  });

  it('generates a JWT secret once into DATA_DIR and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses to start in production without the secrets and never writes one', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir })).toThrow(/JWT_SECRET/);
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it('accepts production when the secrets are given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'postgres://u@db/kc',
      PUBLIC_URL: 'https://kreyolcash.ht/',
      SMTP_URL: 'smtp://mail.kreyolcash.ht:587',
      WHATSAPP_GATEWAY_URL: 'https://wa.kreyolcash.ht',
    });
    expect(config.isProduction).toBe(true);
    expect(config.publicUrl).toBe('https://kreyolcash.ht');
  });
});

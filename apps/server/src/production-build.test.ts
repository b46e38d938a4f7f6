import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { DEFINITION_FILES } from './ledger/definitions.ts';
import { buildServerInto, scratchBuildFolder, startCompiledServer } from './test-support/compiled-server.ts';
import { openTestDatabase, serverDatabaseEnv, testDatabaseKind } from './test-support/test-database.ts';

// The production build: `npm run build` compiles the server with apps/server/build.mjs
// and production runs `node dist/main.js`. This builds into a folder of its own and starts that
// output with plain Node — no TypeScript loader — as production would: on PostgreSQL with the
// settings production requires (`npm run test:pg`), and on the embedded database with no settings
// at all, as `npm start` on a fresh clone (`npm test`).
const WEB_MARKER = 'compiled-server-test-web-app';

describe(`the compiled server, on ${testDatabaseKind}`, () => {
  const build = scratchBuildFolder();
  const scratch = mkdtempSync(join(tmpdir(), 'kreyolcash-compiled-'));
  const webDist = join(scratch, 'web');

  beforeAll(async () => {
    await buildServerInto(build.dir);
    // A stand-in for the web app's build, to show the compiled server serves WEB_DIST_DIR.
    mkdirSync(webDist);
    writeFileSync(join(webDist, 'index.html'), `<!doctype html><title>${WEB_MARKER}</title>`);
  });
  afterAll(() => {
    build.remove();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('holds our code, domain included, and leaves every npm package to node_modules', () => {
    const files = readdirSync(build.dir);
    expect(files).toEqual(expect.arrayContaining(['main.js', 'ledger-check.js', 'operator-create.js']));
    const imports = files
      .filter((name) => name.endsWith('.js'))
      .flatMap((name) => importsOf(readFileSync(join(build.dir, name), 'utf8')));
    const relative = imports.filter((spec) => spec.startsWith('.'));
    const packages = imports.filter((spec) => !spec.startsWith('.'));
    // Our own modules are all in the bundle's chunks, so nothing asks Node to load TypeScript.
    for (const spec of relative) expect(spec).toMatch(/^\.\/[\w-]+\.js$/);
    expect(packages).toContain('@node-rs/argon2');
    expect(packages).toContain('sharp');
    expect(packages).toContain('zod');
    expect(packages.filter((spec) => spec.startsWith('@kreyolcash/'))).toEqual([]);
    expect(readdirSync(join(build.dir, 'sql')).sort()).toEqual([...DEFINITION_FILES].sort());
  });

  it(testDatabaseKind === 'postgres'
    ? 'starts with NODE_ENV=production and the required settings, migrates and serves'
    : 'starts with no settings at all on the embedded database, migrates and serves', async () => {
    const target = testDatabaseKind === 'postgres' ? await openTestDatabase({ migrate: false }) : undefined;
    const dataDir = join(scratch, 'data');
    const env: Record<string, string> = target?.url
      ? {
          NODE_ENV: 'production',
          ...serverDatabaseEnv(target),
          JWT_SECRET: 'compiled-server-test-secret-that-is-long-enough-0123456789',
          PUBLIC_URL: 'https://kreyolcash.example',
          SMTP_URL: 'smtp://127.0.0.1:1',
          WHATSAPP_GATEWAY_URL: 'http://127.0.0.1:1',
          DATA_DIR: dataDir,
          WEB_DIST_DIR: webDist,
        }
      : { DATA_DIR: dataDir, WEB_DIST_DIR: webDist };
    const server = await startCompiledServer(build.dir, env);
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: 'ok' });
      const page = await fetch(`${server.url}/wallet`);
      expect(await page.text()).toContain(WEB_MARKER);
      const unknown = await fetch(`${server.url}/api/nothing-here`);
      expect(unknown.status).toBe(404);
    } finally {
      // A clean shutdown: SIGTERM drains and closes the database, exit code 0.
      expect(await server.stop()).toBe(0);
    }
    // The ledger's SQL files were found beside the compiled code and applied.
    const database = target ?? (await openDatabase({ dataDir }));
    try {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from definicoes_sql`.execute(
        database.db,
      );
      expect(rows[0]?.n).toBe(DEFINITION_FILES.length);
    } finally {
      await database.close();
    }
  }, 180_000);
});

// The static import/export and dynamic import() specifiers of esbuild's (unminified) output.
function importsOf(code: string): string[] {
  const pattern =
    /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...code.matchAll(pattern)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

// A client generated from the served document must compile the calls a client would write
// (contract-client/calls.ts): a path, parameter or field that moves breaks this test, and so npm
// test. The second case proves the check bites: the same calls against a document that lost an
// operation do not compile.
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const clientDir = join(serverDir, 'contract-client');
const tsc = join(serverDir, '../../node_modules/typescript/bin/tsc');

type Document = { paths: Record<string, unknown> };

async function compileCallsAgainst(document: Document): Promise<{ ok: boolean; output: string }> {
  // Inside apps/server, so that openapi-fetch resolves from its node_modules.
  const dir = mkdtempSync(join(serverDir, '.typed-client-'));
  try {
    const types = astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
    writeFileSync(join(dir, 'schema.d.ts'), types);
    for (const file of ['calls.ts', 'tsconfig.json']) copyFileSync(join(clientDir, file), join(dir, file));
    const run = spawnSync(process.execPath, [tsc, '-p', dir], { encoding: 'utf8', timeout: 120_000 });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a client generated from the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    document = JSON.parse(JSON.stringify(t.app.swagger()));
  });
  afterAll(async () => t?.close());

  it('compiles one call of each feature', async () => {
    const result = await compileCallsAgainst(document);
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('does not compile once the document loses an operation the calls use', async () => {
    const { '/api/wallet': _gone, ...paths } = document.paths;
    const result = await compileCallsAgainst({ ...document, paths });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/calls\.ts\(\d+,\d+\): error TS/);
  });
});

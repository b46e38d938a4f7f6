import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from './config.ts';

const SERVER_FOLDER = fileURLToPath(new URL('..', import.meta.url));
const CONFIG_MODULE = new URL('./config.ts', import.meta.url).href;

/** The data directory loadConfig chooses in a fresh process started in `cwd`. */
function dataDirFrom(cwd: string, env: Record<string, string> = {}): string {
  // A secret is given so that nothing is generated into the real ./data.
  const script = `import { loadConfig } from '${CONFIG_MODULE}';
console.log(loadConfig({ ...process.env, JWT_SECRET: 'a-secret-for-this-test-only-0123456789' }).dataDir);`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  return run.stdout.trim();
}

describe('the data directory', () => {
  // `npm start` (scripts/start.mjs), `npm run serve` and `npm run dev` run the server from
  // apps/server; `npm run operator:create`, `ledger:check` and `outbox:retry` run from the root.
  it('is the same for the server and the operators’ commands: ./data at the repository root', () => {
    const server = dataDirFrom(SERVER_FOLDER);
    const command = dataDirFrom(REPOSITORY_ROOT);
    expect(server).toBe(command);
    expect(server).toBe(join(REPOSITORY_ROOT, 'data'));
  });

  it('takes a relative DATA_DIR from the repository root too, and an absolute one as it is', () => {
    expect(dataDirFrom(SERVER_FOLDER, { DATA_DIR: './elsewhere' })).toBe(join(REPOSITORY_ROOT, 'elsewhere'));
    expect(dataDirFrom(SERVER_FOLDER, { DATA_DIR: '/srv/kreyolcash' })).toBe('/srv/kreyolcash');
  });
});

// Part of `npm run lint`: generates the API's OpenAPI document as the server serves it and lints it
// with Redocly CLI's recommended rules (redocly.yaml). Any error or warning fails the lint.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dir = mkdtempSync(join(tmpdir(), 'kc-openapi-'));
const document = join(dir, 'openapi.json');
// Offline and quiet: no usage data sent, no update check.
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
try {
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/commands/openapi-document.ts', document]);
  const lint = run(process.execPath, [
    'node_modules/@redocly/cli/bin/cli.js',
    'lint',
    document,
    '--config',
    'redocly.yaml',
    '--format',
    'json',
    '--max-problems',
    '1000',
  ]);
  const { problems } = JSON.parse(lint.stdout);
  for (const problem of problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} at ${where}`);
  }
  if (problems.length > 0) fail(`${problems.length} problem(s) in the OpenAPI document`);
  console.log('OpenAPI document: 0 problems under redocly.yaml');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function run(command, args) {
  const result = spawnSync(command, args, { env, timeout: 180_000, encoding: 'utf8', maxBuffer: 64 << 20 });
  // Redocly exits 1 on errors but still prints its report; only a crash has no JSON to read.
  if (result.error || (result.status !== 0 && !result.stdout?.trim().startsWith('{'))) {
    process.stderr.write(result.stderr ?? '');
    fail(`${args.slice(0, 2).join(' ')} exited ${result.status ?? result.signal}`);
  }
  return result;
}

function fail(message) {
  console.error(`OpenAPI lint failed: ${message}`);
  process.exit(1);
}

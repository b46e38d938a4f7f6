// The e2e server: first the back office's operators, created by `operator:create` as an
// operator would create them (the embedded database cannot be opened by two processes, so before
// the server), their passwords and TOTP secrets kept in the data directory for the journeys; then
// the server itself.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

// Each journey signs in with its own operators: a TOTP code is accepted once, so two journeys
// sharing an operator in the same 30 s would refuse each other.
export const E2E_OPERATORS = [
  ['admin', 'admin'],
  ['compliance', 'compliance'],
  ['support', 'support'],
  ['finance', 'finance'],
  ['finance2', 'finance'],
  ['finance3', 'finance'],
  ['finance4', 'finance'],
  ['support2', 'support'],
  ['compliance2', 'compliance'],
  ['admin2', 'admin'],
  ['helpdesk', 'support'],
  ['menu', 'admin'],
  ['disputes', 'support'],
  // The agents' journeys: setupN and setupNb (admins) make one journey's agent and approve its
  // float through the API (support/agents.ts); the others work in the back office's screens.
  ...['1', '2', '3', '4', '5', '6'].flatMap((n) => [
    [`setup${n}`, 'admin'],
    [`setup${n}b`, 'admin'],
  ]),
  ['treasury', 'finance'],
  ['treasury2', 'finance'],
  ['recon', 'finance'],
  ['refunds', 'support'],
  ['agentmaker', 'support'],
  ['queues', 'support'],
];

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is required');
// One run of the command for all of them: each run opens and prepares the database (seconds).
const args = ['--import', 'tsx', 'apps/server/src/commands/operator-create.ts', '--json'];
for (const [name, role] of E2E_OPERATORS)
  args.push('--email', `${name}@ops.e2e.test`, '--role', role, '--name', name);
const out = execFileSync(process.execPath, args, { env: process.env, encoding: 'utf8' });
appendFileSync(join(dataDir, 'operators.jsonl'), out);
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

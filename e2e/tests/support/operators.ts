import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { repoRoot } from './own-server';

// The back office's operators of the journeys, created by operator:create when the server
// started (e2e/start-server.mjs): admin, compliance, support, finance, finance2, finance3,
// finance4, support2, compliance2, admin2, helpdesk, menu, disputes, and more. A journey uses its own, so no two journeys spend
// the same TOTP code.

export type E2EOperator = {
  email: string;
  role: string;
  name: string;
  password: string;
  totp_secret: string;
};

export function operator(name: string): E2EOperator {
  const file = join(process.env.KC_E2E_DATA_DIR ?? '', 'operators.jsonl');
  const all = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as E2EOperator);
  const found = all.find((o) => o.name === name);
  if (!found) throw new Error(`no e2e operator ${name}`);
  return found;
}

/**
 * Operators of a journey's own server, made by `operator:create` in its data folder before it
 * starts (the embedded database takes one process at a time), as e2e/start-server.mjs makes the
 * suite's.
 */
export function createOperators(
  dataDir: string,
  operators: Array<{ name: string; role: string }>,
): E2EOperator[] {
  mkdirSync(dataDir, { recursive: true });
  const args = ['--import', 'tsx', 'apps/server/src/commands/operator-create.ts', '--json'];
  for (const { name, role } of operators)
    args.push('--email', `${name}@ops.e2e.test`, '--role', role, '--name', name);
  const out = execFileSync(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as E2EOperator);
}

export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({
    timestamp: at,
  });
}

/**
 * Signs in at /admin as the authenticator app's user would. A code is accepted once: when this
 * step's code was spent (a retried journey), the next step's code, which the server also accepts,
 * is typed instead.
 */
export async function signInToBackOffice(page: Page, name: string): Promise<void> {
  const op = operator(name);
  await page.goto('/admin');
  for (const offset of [0, 30_000]) {
    await page.getByLabel(/Imèl|E-mail/).fill(op.email);
    await page.getByLabel(/Modpas|Mot de passe/).fill(op.password);
    await page
      .getByLabel(/Kòd aplikasyon|Code de l’application/)
      .fill(totpCode(op.totp_secret, Date.now() + offset));
    await page.getByRole('button', { name: /Konekte|Se connecter/ }).click();
    const signedIn = page.getByTestId('admin-operator');
    const refused = page.getByRole('alert');
    await expect(signedIn.or(refused)).toBeVisible({ timeout: 20_000 });
    if (await signedIn.isVisible()) return;
  }
  throw new Error(`${name} could not sign in to the back office`);
}

// `npm run operator:create -- --email ana@example.ht --role admin [--name "Ana Pierre"] [--json]`:
// creates a back-office operator in the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR, which must not be open in a running server). Prints a generated first password and the
// TOTP secret with its otpauth:// address for the operator's authenticator app; neither is shown
// again. --password-stdin reads the password from standard input instead. Like a start, it
// migrates as the schema's owner (DATABASE_OWNER_URL) and then writes as the app.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { OperatorRole } from '@kreyolcash/domain';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { OPERATOR_ROLES } from '../features/backoffice/operators/operator-auth.ts';
import { insertOperator } from '../features/backoffice/operators/operators.repository.ts';
import { newTotpSecret, sealTotpSecret, totpUri } from '../features/backoffice/operators/totp.ts';
import { hashPassword } from '../identity/passwords.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string', multiple: true },
    role: { type: 'string', multiple: true },
    name: { type: 'string', multiple: true },
    json: { type: 'boolean', default: false },
    'password-stdin': { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`operator:create: ${message}`);
  process.exit(2);
}

type Wanted = { email: string; role: OperatorRole; name: string };

// Several --email/--role (and optionally --name) create several operators in one run, in order: a
// team's first set-up, or the browser journeys' operators, without opening the database each time.
function wantedOperators(): Wanted[] {
  const emails = values.email ?? [];
  const roles = values.role ?? [];
  const names = values.name ?? [];
  if (emails.length === 0) fail('--email is required (an e-mail address)');
  if (roles.length !== emails.length) fail('give one --role for each --email');
  if (names.length > emails.length) fail('give at most one --name for each --email');
  if (values['password-stdin'] && emails.length > 1) fail('--password-stdin creates one operator at a time');
  return emails.map((raw, i) => {
    const email = raw.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('--email is required (an e-mail address)');
    const role = roles[i] as OperatorRole;
    if (!OPERATOR_ROLES.includes(role)) fail(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
    return { email, role, name: names[i]?.trim() || email.slice(0, email.indexOf('@')) };
  });
}

const wanted = wantedOperators();
const stdinPassword = values['password-stdin'] ? readFileSync(0, 'utf8').trim() : undefined;
if (stdinPassword !== undefined && stdinPassword.length < 12)
  fail('the password must have at least 12 characters');

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  for (const warning of (await prepareDatabase(config, database)).warnings) console.warn(warning);
  for (const { email, role, name } of wanted) {
    const password = stdinPassword ?? randomBytes(12).toString('base64url');
    const secret = newTotpSecret();
    const id = await insertOperator(database.db, {
      email,
      nome: name,
      papel: role,
      senhaHash: await hashPassword(password),
      totpSegredo: sealTotpSecret(secret, config.jwtSecret),
    }).catch((error: unknown) => {
      if (String(error).includes('operadores_email_key')) fail(`an operator with ${email} exists already`);
      throw error;
    });
    const created = {
      id,
      email,
      role,
      name,
      password,
      totp_secret: secret,
      totp_uri: totpUri(secret, email),
    };
    if (values.json) {
      console.log(JSON.stringify(created));
    } else {
      console.log(`Operator ${email} (${role}) created.`);
      if (stdinPassword === undefined) console.log(`First password: ${password}`);
      console.log(`Authenticator app secret: ${secret}`);
      console.log(`Or scan/open: ${created.totp_uri}`);
    }
  }
  if (!values.json) console.log('Sign in at /admin. Neither the password nor the secret is shown again.');
} finally {
  await database.close();
}

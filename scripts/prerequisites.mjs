// What the test and bench scripts need from the machine besides npm's packages — a browser, a
// PostgreSQL or Redis server, root — checked before they start, so that a missing piece ends the
// run with one message that names it and says how to get it, instead of an error from deep inside
// (`spawn /usr/bin/chromium ENOENT` half-way through a bench).
import { accessSync, constants, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const CONNECT_BUDGET_MS = 10_000;

/** The Chromium the benches drive: CHROMIUM_PATH, else Debian's. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
}

/**
 * The Chromium the browser journeys drive: CHROMIUM_PATH, else Debian's headless shell when it is
 * installed (the same engine without the browser's own pages and processes: the journeys took
 * 6.6 minutes with it against 11.9 with the browser), else Debian's browser.
 */
export function journeyChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return isExecutable(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM;
}

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Why Chromium (by default the benches' one) cannot be started, or undefined when it can. */
export function missingChromium(path = chromiumPath()) {
  if (isExecutable(path)) return undefined;
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH=${path}` : path;
  return (
    `Chromium: nothing can be run at ${where}. Install Debian's (apt-get install chromium, as .ci/run ` +
    'does) or set CHROMIUM_PATH to a Chromium or Chrome executable.'
  );
}

/** Why the built web app is not in `dir`, or undefined when it is. */
export function missingWebBuild(dir) {
  if (existsSync(join(dir, 'index.html'))) return undefined;
  return `The web app is not built in ${dir}: run npm run build (npm run test:e2e builds it first).`;
}

/** Why PostgreSQL at `url` (read from the variable `variable`) takes no connection, or undefined. */
export async function missingPostgres(url, variable) {
  // Loaded here: the browser journeys' config imports this file and needs no database driver.
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_BUDGET_MS });
  // A refused connection also emits 'error' on the client: connect()'s rejection reports it.
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    const at = `${withoutPassword(url)} (${variable})`;
    // An error with a severity is the server's own answer: it runs, but refuses this URL.
    if (error && typeof error === 'object' && 'severity' in error) {
      return (
        `PostgreSQL at ${at} refuses the connection: ${reason(error)}. Create that database or role ` +
        `there (createdb, createuser, as the postgres user), or set ${variable} to another.`
      );
    }
    return (
      `PostgreSQL: no connection to ${at}: ${reason(error)}. Start a PostgreSQL server (Debian: ` +
      'apt-get install postgresql, then pg_ctlcluster <version> main start, as .ci/run does) or set ' +
      `${variable} to one where this user may create databases.`
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Why Redis at `url` (read from the variable `variable`) takes no connection, or undefined. */
export async function missingRedis(url, variable) {
  const { hostname, port } = new URL(url);
  try {
    await tcpConnect(hostname || '127.0.0.1', Number(port || 6379));
    return undefined;
  } catch (error) {
    return (
      `Redis: no connection to ${withoutPassword(url)} (${variable}): ${reason(error)}. Start a Redis ` +
      `server (Debian: apt-get install redis-server) or set ${variable} to one.`
    );
  }
}

/** Why this process may not do what needs root, or undefined when it runs as root. */
export function missingRoot(why) {
  if (process.getuid?.() === 0) return undefined;
  return `Root: ${why}. Run it as root (sudo, or a root shell in a disposable machine or container).`;
}

/**
 * Ends the process with one message when anything is missing: what `command` needs, each missing
 * piece on its line with how to get it. Returns when nothing is missing.
 */
export function exitIfMissing(command, problems) {
  const missing = problems.filter(Boolean);
  if (missing.length === 0) return;
  console.error(`${command} cannot run on this machine:\n${missing.map((line) => `  - ${line}`).join('\n')}`);
  process.exit(1);
}

function tcpConnect(host, port) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: CONNECT_BUDGET_MS });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`no answer within ${CONNECT_BUDGET_MS / 1000} s`));
    });
    socket.once('error', reject);
  });
}

function withoutPassword(url) {
  return url.replace(/:[^:@/]*@/, ':***@');
}

function reason(error) {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  if (error instanceof Error) return error.message || error.code || error.name;
  return String(error);
}

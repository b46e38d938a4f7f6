// `npm run test:cluster`: the production topology on this one machine (Patroni with etcd, a
// synchronous standby, PgBouncer, HAProxy, three API processes, Redis), then the bank workload
// through it while an API process and the primary die. scripts/cluster/install.sh installs the
// parts from Debian's packages. CLUSTER_SCALE (default 1) stretches the timed phases; CI runs a
// short version (CLUSTER_SCALE=0.3).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exitIfMissing, missingRoot } from './prerequisites.mjs';

// PostgreSQL, Patroni and PgBouncer refuse to run as root, so the cluster starts them as the
// postgres user: that switch, and apt-get, need root.
exitIfMissing('npm run test:cluster', [
  missingRoot('it installs Debian packages (scripts/cluster/install.sh) and starts PostgreSQL as postgres'),
]);
const install = spawnSync('bash', [fileURLToPath(new URL('./cluster/install.sh', import.meta.url))], {
  stdio: 'inherit',
});
if (install.status !== 0) process.exit(install.status ?? 1);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--config', 'apps/server/vitest.cluster.config.ts', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, CHAOS_SCALE: process.env.CLUSTER_SCALE ?? '1' } },
);
process.exit(result.status ?? 1);

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from '../../../scripts/boundaries/check.mjs';

// Each test builds only the files its rule needs: the checker skips folders that do not exist.
const roots: string[] = [];

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** The same files, written relative to apps/server/src. */
function server(files: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`apps/server/src/${path}`, text]));
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const appRule =
  'only main.ts, commands/, test-support/, tests and the chaos, cluster and bench suites import app.ts (server rule 3)';

describe('checkBoundaries', () => {
  it('passes a tree that keeps every rule', () => {
    const root = tree({
      ...server({
        'app.ts': "import { accountRoutes } from './features/account/routes.ts';\nexport const app = 1;",
        'main.ts': "import { app } from './app.ts';",
        'commands/check.ts': "import { app } from '../app.ts';",
        'app.test.ts': "import { app } from './app.ts';\nimport { a } from './features/account/routes.ts';",
        'test-support/test-app.ts': "import { app } from '../app.ts';",
        'config.ts': 'export const config = {};',
        'lib/ids.ts': "import { config } from '../config.ts';",
        'ledger/ledger.ts': "import { limits } from './limits.ts';",
        'ledger/limits.ts': "import { config } from '../config.ts';",
        'features/account/routes.ts': [
          "import { ledger } from '../../ledger/ledger.ts';",
          "import type { Ids } from '../../lib/ids.ts';",
          "import { helper } from './helper.ts';",
          "import { z } from 'zod';",
        ].join('\n'),
        'features/account/helper.ts': "import { config } from '../../config.ts';",
        'features/account/routes.test.ts': [
          "import { app } from '../../app.ts';",
          "import { testApp } from '../../test-support/test-app.ts';",
        ].join('\n'),
        'features/backoffice/kyc/kyc.routes.ts': "import { users } from '../users/users.ts';",
        'features/backoffice/users/users.ts': 'export const users = [];',
      }),
      'apps/server/chaos/t1.chaos.ts': "import { app } from '../src/app.ts';",
      'apps/server/cluster/failover.cluster.ts': "import { app } from '../src/app.ts';",
      'bench/run.ts': "import { app } from '../apps/server/src/app.ts';",
    });
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('refuses a feature that imports another feature (rule 1), tests included', () => {
    const root = tree(
      server({
        'features/a/x.ts': "import {\n  one,\n  two,\n} from '../b/y.ts';",
        'features/a/x.test.ts': "const y = await import('../b/y.ts');",
        'features/b/y.ts': 'export const one = 1;',
      }),
    );
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/features/a/x.test.ts imports ../b/y.ts: feature "a" imports feature "b" (server rule 1: a feature never imports another feature)',
      'apps/server/src/features/a/x.ts imports ../b/y.ts: feature "a" imports feature "b" (server rule 1: a feature never imports another feature)',
    ]);
  });

  it('refuses a kernel file that imports a feature (rule 2), but not a test beside the kernel', () => {
    const root = tree(
      server({
        'messaging/outbox.ts': "import '../features/a/y.ts';",
        'messaging/outbox.test.ts': "import { one } from '../features/a/y.ts';",
        'features/a/y.ts': 'export const one = 1;',
      }),
    );
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/messaging/outbox.ts imports ../features/a/y.ts: the kernel imports feature "a" (server rule 2: the kernel never imports a feature)',
    ]);
  });

  it('refuses app.ts to anything but the entry points, test code and the suites (rule 3)', () => {
    const root = tree({
      ...server({
        'app.ts': 'export type AppInstance = unknown;',
        'features/a/x.ts': "import type { AppInstance } from '../../app.ts';",
        'lib/rate-limit.ts': "import type { AppInstance } from '../app.ts';",
      }),
      'e2e/login.spec.ts': "import type { AppInstance } from '../apps/server/src/app.ts';",
    });
    expect(checkBoundaries(root)).toEqual([
      `apps/server/src/features/a/x.ts imports ../../app.ts: ${appRule}`,
      `apps/server/src/lib/rate-limit.ts imports ../app.ts: ${appRule}`,
      `e2e/login.spec.ts imports ../apps/server/src/app.ts: ${appRule}`,
    ]);
  });

  it('refuses a feature that reaches inside the ledger past ledger/ledger.ts (rule 4)', () => {
    const root = tree(
      server({
        'ledger/ledger.ts': "export * from './limits.ts';",
        'ledger/limits.ts': 'export const limits = 1;',
        'features/a/x.ts': "import { ledger } from '../../ledger/ledger.ts';",
        'features/a/x.test.ts': "export { limits } from '../../ledger/limits.ts';",
      }),
    );
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/features/a/x.test.ts imports ../../ledger/limits.ts: a feature reaches inside the ledger (server rule 4: features use only ledger/ledger.ts)',
    ]);
  });

  it('reports each import circle once with its files (rule 5), tests left out', () => {
    const root = tree(
      server({
        'lib/a.ts': "import { b } from './b.ts';",
        'lib/b.ts': "import { c } from './c.ts';",
        'lib/c.ts': "import { a } from './a.ts';",
        'lib/self.ts': "import { self } from './self.ts';",
        'lib/d.test.ts': "import { e } from './e.ts';",
        'lib/e.ts': "import { d } from './d.test.ts';",
      }),
    );
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/lib/a.ts is in an import circle (server rule 5: no import circles): lib/a.ts → lib/b.ts → lib/c.ts → lib/a.ts; its 3 files: lib/a.ts, lib/b.ts, lib/c.ts',
      'apps/server/src/lib/self.ts is in an import circle (server rule 5: no import circles): lib/self.ts → lib/self.ts',
    ]);
  });

  it('counts type-only imports in circles', () => {
    const root = tree(
      server({
        'db/schema.ts': "import type { Money } from '../lib/money.ts';",
        'lib/money.ts': "export type { Rates } from './rates.ts';",
        'lib/rates.ts': "import { type Db, other } from '../db/schema.ts';",
      }),
    );
    expect(checkBoundaries(root)).toEqual([
      'apps/server/src/db/schema.ts is in an import circle (server rule 5: no import circles): db/schema.ts → lib/money.ts → lib/rates.ts → db/schema.ts; its 3 files: db/schema.ts, lib/money.ts, lib/rates.ts',
    ]);
  });

  it('ignores imports written in comments and strings', () => {
    const root = tree(
      server({
        'features/a/x.ts': [
          "// import { y } from '../b/y.ts';",
          "/* import '../b/y.ts'; */",
          "const code = `import { y } from '../b/y.ts'`;",
          'const quote = /[\'"]/;',
        ].join('\n'),
      }),
    );
    expect(checkBoundaries(root)).toEqual([]);
  });

  it('keeps the web, domain and ledger-call rules', () => {
    // Spelled in pieces: written whole, the ledger-call rule would refuse this test file itself.
    const ledgerFunction = ['kc', 'transfer'].join('_');
    const root = tree({
      'apps/web/src/features/a/page.tsx': "import { B } from '@/features/b/page.tsx';",
      'apps/web/src/lib/util.ts': "import { A } from '../features/a/page.tsx';",
      'apps/web/src/app/routes.tsx': "import { A } from '@/features/a/page.tsx';",
      'packages/domain/src/money.ts': "import { readFileSync } from 'node:fs';",
      'apps/server/src/features/a/x.ts': `await sql\`select ${ledgerFunction}(1)\`;`,
      'apps/server/src/ledger/ledger.ts': `await sql\`select ${ledgerFunction}(1)\`;`,
    });
    expect(checkBoundaries(root)).toEqual([
      'apps/web/src/features/a/page.tsx imports feature "b" (@/features/b/page.tsx)',
      'apps/web/src/lib/util.ts imports feature "a" (../features/a/page.tsx)',
      'packages/domain/src/money.ts imports node:fs (domain has no I/O)',
      `apps/server/src/features/a/x.ts calls ${ledgerFunction} (only src/ledger calls kc_* functions)`,
    ]);
  });
});

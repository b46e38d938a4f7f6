// Compiles the server to JavaScript for production: `node dist/main.js`, no TypeScript loader at
// run time. esbuild bundles our own code (apps/server/src and @kreyolcash/domain, which is
// TypeScript source) into dist/; every npm package stays an import, resolved from node_modules as
// under tsx, so the native ones (sharp, argon2) and PGlite's wasm files load as they always do.
//
// Every file lands flat in the output folder, which sits at the same depth as src/: what the code
// finds from import.meta.url (the ledger's SQL files, ../../web/dist) is where it is under src/.
//
//   node apps/server/build.mjs [--outdir <folder>]     (default apps/server/dist)
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, stop } from 'esbuild';

const serverRoot = dirname(fileURLToPath(import.meta.url));
const src = join(serverRoot, 'src');

// The server and the operators' commands (ledger:check, operator:create, outbox:retry): shared
// code goes to chunks beside them.
const ENTRY_POINTS = {
  main: join(src, 'main.ts'),
  'ledger-check': join(src, 'commands/ledger-check.ts'),
  'operator-create': join(src, 'commands/operator-create.ts'),
  'outbox-retry': join(src, 'commands/outbox-retry.ts'),
};

/** Packages are imported at run time, except our own workspace packages, which are source. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || args.path.startsWith('@kreyolcash/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer(outDir) {
  // Emptied first: esbuild leaves the chunks of an earlier build behind.
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: ENTRY_POINTS,
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    // Bundling may rename clashing top-level names; keep the ones errors and logs show.
    keepNames: true,
    plugins: [packagesStayExternal],
    logLevel: 'warning',
  });
  // Read at run time by src/ledger/definitions.ts (./sql/<name> from its module).
  cpSync(join(src, 'ledger/sql'), join(outDir, 'sql'), { recursive: true });
  // esbuild's helper process would otherwise live on beside a server started in this process.
  await stop();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  await buildServer(resolve(values.outdir ?? join(serverRoot, 'dist')));
}

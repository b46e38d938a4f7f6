// `npm start`: dependencies installed if missing (ensure-deps), the web app and the server built
// again only if their sources changed (build.mjs --if-changed), then the compiled server — all in
// this one process: a restart costs loading the server, not two more Node processes and a nested
// npm. It runs apps/server/dist/main.js exactly as `npm run serve -w @kreyolcash/server` does
// (from apps/server; the default DATA_DIR is the repository's ./data from any folder), with
// source maps for stack traces.
//
//   node scripts/start.mjs [--web-out <folder>] [--server-out <folder>]   (the bench's own builds)
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dependenciesAreStale, ensureDependencies } from './ensure-deps.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIRST_START_NOTICE =
  'First start: installing the dependencies and building the app take a few minutes. Later starts take seconds.';

const isFirstStart = dependenciesAreStale();
if (isFirstStart) console.log(FIRST_START_NOTICE);
// Installs first: the build script needs the packages it imports.
await ensureDependencies();
const { build, buildOptions, partsToBuild } = await import('./build.mjs');
const options = buildOptions(process.argv.slice(2));
const parts = partsToBuild({ ...options, ifChanged: true });
if (!isFirstStart && parts.some((part) => part.name === 'web app')) {
  console.log('The web app changed: building it takes a minute or two.');
}
await build(parts);
// A folder of the bench's own is served as WEB_DIST_DIR would name it.
if (options.webOut) process.env.WEB_DIST_DIR = resolve(options.webOut);
const main = join(resolve(options.serverOut ?? join(root, 'apps/server/dist')), 'main.js');
warnOfAnOldDataFolder();
console.log('Starting the server (migrating the database first)…');
process.chdir(join(root, 'apps/server'));
process.setSourceMapsEnabled(true);
await import(pathToFileURL(main).href);

// Earlier versions kept npm start's database in apps/server/data: say where it went rather than
// start on an empty database without a word.
function warnOfAnOldDataFolder() {
  const old = join(root, 'apps/server/data/db');
  if (process.env.DATA_DIR || !existsSync(old) || existsSync(join(root, 'data/db'))) return;
  console.log(`An earlier start kept its data in apps/server/data; the data folder is now ./data.
To keep that data, stop here and run: mv apps/server/data data`);
}

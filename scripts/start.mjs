// `npm start`: dependencies installed if missing (ensure-deps), the web app and the server built
// again only if their sources changed (build.mjs --if-changed), then the compiled server — all in
// this one process: a restart costs loading the server, not two more Node processes and a nested
// npm. It runs apps/server/dist/main.js exactly as `npm run serve -w @kreyolcash/server` does
// (from apps/server, so DATA_DIR=./data is the same folder), with source maps for stack traces.
//
//   node scripts/start.mjs [--web-out <folder>] [--server-out <folder>]   (the bench's own builds)
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Installs first: the build script needs the packages it imports.
await import('./ensure-deps.mjs');
const { buildOptions, buildParts } = await import('./build.mjs');
const options = buildOptions(process.argv.slice(2));
await buildParts({ ...options, ifChanged: true });
// A folder of the bench's own is served as WEB_DIST_DIR would name it.
if (options.webOut) process.env.WEB_DIST_DIR = resolve(options.webOut);
const main = join(resolve(options.serverOut ?? join(root, 'apps/server/dist')), 'main.js');
process.chdir(join(root, 'apps/server'));
process.setSourceMapsEnabled(true);
await import(pathToFileURL(main).href);

// `npm run build`: the web app (Vite, into apps/web/dist) and the server (esbuild, into
// apps/server/dist: see apps/server/build.mjs).
// `npm start` (scripts/start.mjs) builds with --if-changed: each part is built again only when a
// SHA-256 of its inputs differs from the stamp its last build left beside its output folder
// (.dist-build-stamp), so a restart with nothing changed goes straight to the server. A content
// hash, not mtimes: a checkout that touches files without changing them rebuilds nothing, and an
// edit always counts.
//
//   node scripts/build.mjs [--if-changed] [--web-out <folder>] [--server-out <folder>]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from '../apps/server/build.mjs';
import { withProgress } from './progress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// Never inputs: installed packages (package-lock.json stands for them), build outputs and their
// stamps, and tests (no build imports them, and a rebuilt web app costs half a minute).
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git']);
const isSkippedFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name) || name.endsWith('-build-stamp');
const SHARED_INPUTS = ['packages/domain', 'package-lock.json', 'package.json', 'tsconfig.base.json'];

/**
 * Builds the web app and the server into their folders (by default apps/web/dist and
 * apps/server/dist); with ifChanged, only those whose inputs changed since their last build.
 */
export async function buildParts(options = {}) {
  await build(partsToBuild(options));
}

/** Builds the parts partsToBuild chose, each followed by its stamp. */
export async function build(parts) {
  for (const part of parts) {
    // A build that fails half-way leaves no stamp, so the next start builds again.
    rmSync(part.stampFile, { force: true });
    await withProgress(`Building the ${part.name}`, () => part.build(part.outDir));
    writeFileSync(part.stampFile, `${part.stamp}\n`);
  }
}

/** The parts buildParts would build with these options (with ifChanged, the changed ones only). */
export function partsToBuild({ ifChanged = false, webOut, serverOut } = {}) {
  const parts = [
    {
      name: 'web app',
      outDir: resolve(webOut ?? join(root, 'apps/web/dist')),
      entry: 'index.html',
      inputs: ['apps/web', ...SHARED_INPUTS],
      // What Vite reads from the environment changes the output too.
      environment: ['NODE_ENV', ...Object.keys(process.env).filter((name) => name.startsWith('VITE_'))],
      build: (outDir) => viteBuild(outDir),
    },
    {
      name: 'server',
      outDir: resolve(serverOut ?? join(root, 'apps/server/dist')),
      entry: 'main.js',
      inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED_INPUTS],
      environment: [],
      build: (outDir) => buildServer(outDir),
    },
  ];
  return parts
    .map((part) => {
      const stamp = inputsHash(part.inputs, part.environment);
      // Beside the output, not in it: the web app's folder is served as it is.
      const stampFile = join(dirname(part.outDir), `.${basename(part.outDir)}-build-stamp`);
      const isCurrent =
        existsSync(join(part.outDir, part.entry)) &&
        existsSync(stampFile) &&
        readFileSync(stampFile, 'utf8').trim() === stamp;
      return { ...part, stamp, stampFile, isCurrent };
    })
    .filter((part) => !(ifChanged && part.isCurrent));
}

/** The command-line options shared with scripts/start.mjs. */
export function buildOptions(args) {
  const { values } = parseArgs({
    args,
    options: {
      'if-changed': { type: 'boolean', default: false },
      'web-out': { type: 'string' },
      'server-out': { type: 'string' },
    },
  });
  return { ifChanged: values['if-changed'], webOut: values['web-out'], serverOut: values['server-out'] };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildParts(buildOptions(process.argv.slice(2)));
}

function inputsHash(inputs, environment) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesUnder(join(root, input))).sort()) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  for (const name of environment) hash.update(`${name}=${process.env[name] ?? ''}\0`);
  return hash.digest('hex');
}

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() ? !SKIPPED_FOLDERS.has(entry.name) : !isSkippedFile(entry.name)))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

function viteBuild(outDir) {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
      cwd: join(root, 'apps/web'),
      stdio: 'inherit',
    });
    child.once('error', fail);
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

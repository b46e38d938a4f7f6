// Runs the import-boundary rules (scripts/boundaries/check.mjs) on this repository.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBoundaries } from './boundaries/check.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const problems = checkBoundaries(root);
if (problems.length > 0) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('import boundaries ok');

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from './config.ts';

// .env.example is where an operator learns what the server reads: it must name every variable,
// no variable the server has stopped reading, and defaults that are the real ones.
const EXAMPLE_FILE = new URL('../../../.env.example', import.meta.url);
const CONFIG_SOURCE = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');

type Entry = { name: string; value: string; comment: string[] };

/** The file's `NAME=value` lines, each with the comment lines right above it. */
function exampleEntries(text: string): Entry[] {
  const entries: Entry[] = [];
  let comment: string[] = [];
  for (const line of text.split('\n')) {
    const assignment = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (assignment?.[1] !== undefined) {
      entries.push({ name: assignment[1], value: assignment[2] ?? '', comment });
      comment = [];
    } else if (line.startsWith('#')) {
      comment.push(line);
    } else if (line.trim() === '') {
      comment = [];
    } else {
      throw new Error(`.env.example: neither a comment nor NAME=value: ${line}`);
    }
  }
  return entries;
}

/**
 * What config.ts reads: its schema's variables, and any it would read from the environment
 * directly (`process.env.NAME`, `env.NAME`, `env['NAME']`) outside the schema.
 */
function variablesConfigReads(): string[] {
  const direct = [
    ...CONFIG_SOURCE.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g),
  ].map((match) => match[1] ?? match[2] ?? '');
  return [...new Set([...CONFIG_VARIABLES, ...direct])].sort();
}

describe('.env.example', () => {
  const entries = exampleEntries(readFileSync(EXAMPLE_FILE, 'utf8'));
  const listed = entries.map((entry) => entry.name);

  it('lists every variable config.ts reads', () => {
    const missing = variablesConfigReads().filter((name) => !listed.includes(name));
    expect(missing, 'read by config.ts, missing from .env.example').toEqual([]);
  });

  it('lists no variable config.ts does not read, and each once', () => {
    const read = variablesConfigReads();
    expect(
      listed.filter((name) => !read.includes(name)),
      'in .env.example, not read by config.ts',
    ).toEqual([]);
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([]);
  });

  it('says what each variable means and what its default is', () => {
    const undocumented = entries
      .filter(({ comment }) => comment.length === 0 || !comment.some((line) => /\bDefault: \S/.test(line)))
      .map((entry) => entry.name);
    expect(undocumented, 'no comment with "Default: …" right above').toEqual([]);
  });

  it('changes nothing when used as it is: its values are the defaults', () => {
    const asWritten = Object.fromEntries(entries.map((entry) => [entry.name, entry.value]));
    // No secret in an example; given here, so that no secret is generated into ./data.
    expect(asWritten.JWT_SECRET).toBe('');
    const secret = 'a-secret-for-this-test-only-0123456789';
    expect(loadConfig({ ...asWritten, JWT_SECRET: secret })).toEqual(loadConfig({ JWT_SECRET: secret }));
  });
});

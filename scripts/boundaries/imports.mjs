// The module specifiers a TypeScript file imports, found by a small tokenizer rather than a regular
// expression over the raw text: a regex also matches `import … from '…'` written inside comments
// and strings (tests embed code), misses side-effect imports, and cannot tell a quote inside a
// regex literal from the start of a string.

const wordChar = /[\p{ID_Continue}$]/u;
const space = /\s/;
// After these words a `/` starts a regex literal, not a division.
const wordsBeforeRegex = new Set(
  'return typeof case do else in of new delete void throw instanceof yield await'.split(' '),
);

/** Index just past the quote that closes the string or template chunk starting at `start`. */
function skipQuoted(text, start, quote) {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') i += 2;
    else if (c === quote) return i + 1;
    else if (quote === '`' && c === '$' && text[i + 1] === '{') return i + 2;
    else i += 1;
  }
  return i;
}

function skipRegex(text, start) {
  let i = start + 1;
  let inClass = false;
  while (i < text.length && text[i] !== '\n') {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return i + 1;
    i += 1;
  }
  return i;
}

function regexMayFollow(previous) {
  if (!previous) return true;
  if (previous.kind === 'word') return wordsBeforeRegex.has(previous.value);
  if (previous.kind === 'punct') return !')]}'.includes(previous.value);
  return false;
}

/**
 * Tokens of `text`: words, one-character punctuation, and strings (with their value). Comments and
 * regex literals are dropped; a template literal's text becomes a `template` token while the code
 * in its `${…}` is tokenized like any other.
 */
export function* tokens(text) {
  // For each open `${`, the brace depth at which its `}` resumes the template.
  const templateResumes = [];
  let depth = 0;
  let previous = null;
  let i = 0;
  const emit = (kind, value) => {
    previous = { kind, value };
    return previous;
  };
  while (i < text.length) {
    const c = text[i];
    if (space.test(c)) {
      i += 1;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else if (c === '/' && regexMayFollow(previous)) {
      i = skipRegex(text, i);
      emit('regex', '');
    } else if (c === "'" || c === '"') {
      const end = skipQuoted(text, i, c);
      yield emit('string', text.slice(i + 1, end - 1));
      i = end;
    } else if (c === '`' || (c === '}' && templateResumes.at(-1) === depth)) {
      if (c === '}') templateResumes.pop();
      const end = skipQuoted(text, i, '`');
      if (text.slice(end - 2, end) === '${') templateResumes.push(depth);
      yield emit('template', '');
      i = end;
    } else if (wordChar.test(c)) {
      let end = i + 1;
      while (end < text.length && wordChar.test(text[end])) end += 1;
      yield emit('word', text.slice(i, end));
      i = end;
    } else {
      if (c === '{') depth += 1;
      if (c === '}') depth -= 1;
      yield emit('punct', c);
      i += 1;
    }
  }
}

// Between `import`/`export` and `from` only names and these marks occur (`import type { a, b as c }`,
// `export * as ns`); anything else means the statement has no `from` clause.
const clauseMarks = new Set(['{', '}', ',', '*']);

/** The specifier of the `from` clause that starts at `list[start]` (an import or export), if any. */
function fromClause(list, start) {
  for (let i = start + 1; i < list.length; i += 1) {
    const token = list[i];
    const next = list[i + 1];
    if (token.kind === 'word' && token.value === 'from' && next?.kind === 'string') return next.value;
    if (token.kind === 'word' && token.value !== 'import' && token.value !== 'export') continue;
    if (token.kind === 'punct' && clauseMarks.has(token.value)) continue;
    return null;
  }
  return null;
}

/**
 * Every module specifier `text` imports: `import … from`, `export … from`, side-effect `import '…'`
 * and `import('…')` (also in type positions: a type import ties modules together like any other).
 */
export function importSpecifiers(text) {
  const list = [...tokens(text)];
  const specifiers = [];
  list.forEach((token, i) => {
    if (token.kind !== 'word' || (token.value !== 'import' && token.value !== 'export')) return;
    if (list[i - 1]?.kind === 'punct' && list[i - 1].value === '.') return;
    const next = list[i + 1];
    if (token.value === 'import' && next?.kind === 'string') specifiers.push(next.value);
    else if (token.value === 'import' && next?.value === '(' && list[i + 2]?.kind === 'string')
      specifiers.push(list[i + 2].value);
    else {
      const spec = fromClause(list, i);
      if (spec !== null) specifiers.push(spec);
    }
  });
  return specifiers;
}

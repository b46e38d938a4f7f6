// Writes packages/domain/src/phone-metadata.json, the slice of libphonenumber-js's metadata that
// the domain's phone module reads numbers with, from the installed library's own metadata:
//
//   node scripts/phone-metadata.mjs
//
// Run it after updating libphonenumber-js (packages/domain/src/phone-metadata.test.ts fails until
// then). The slice is what the web app downloads with its forms, so it keeps only what reading a
// number needs:
// - Haiti with its number types (metadata.max), so that a Haitian number must be a mobile;
// - every other country as metadata.min has it (its plan's pattern and lengths), so that a foreign
//   number must be a valid number of its country;
// - no formatting rules (the module never formats with the library) and no non-geographic codes
//   (+800, +882…: no country's phone, nothing WhatsApp reaches).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const readJson = (specifier) => JSON.parse(readFileSync(require.resolve(specifier), 'utf8'));
const target = fileURLToPath(new URL('../packages/domain/src/phone-metadata.json', import.meta.url));

const HAITI = 'HT';
// Positions of a country's array (metadata version 4) that only formatting reads: the formats,
// the national prefix formatting rule, and whether that prefix is optional when formatting.
const FORMATTING_FIELDS = [4, 6, 9];
const NON_GEOGRAPHIC = '001';

function withoutFormatting(country) {
  const kept = country.map((field, index) => (FORMATTING_FIELDS.includes(index) ? 0 : field));
  // The library writes an absent field as 0 and leaves trailing ones out.
  while (kept.length > 0 && kept[kept.length - 1] === 0) kept.pop();
  return kept;
}

function slice(min, max) {
  const countries = Object.fromEntries(
    Object.entries(min.countries).map(([code, country]) => [
      code,
      withoutFormatting(code === HAITI ? max.countries[HAITI] : country),
    ]),
  );
  const callingCodes = Object.fromEntries(
    Object.entries(min.country_calling_codes).filter(([, codes]) => !codes.includes(NON_GEOGRAPHIC)),
  );
  return { version: min.version, country_calling_codes: callingCodes, countries, nonGeographic: {} };
}

const min = readJson('libphonenumber-js/metadata.min.json');
const max = readJson('libphonenumber-js/metadata.max.json');
writeFileSync(target, `${JSON.stringify(slice(min, max))}\n`);
console.log(`wrote ${target}`);

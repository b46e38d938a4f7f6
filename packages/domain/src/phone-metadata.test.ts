import max from 'libphonenumber-js/metadata.max.json';
import min from 'libphonenumber-js/metadata.min.json';
import { describe, expect, it } from 'vitest';
import slice from './phone-metadata.json';

// The slice must say what the installed library says: after an update of libphonenumber-js these
// fail until `node scripts/phone-metadata.mjs` has written the slice again.

type Country = readonly unknown[];
// Positions of a country's array that only formatting reads (see scripts/phone-metadata.mjs).
const FORMATTING_FIELDS = new Set([4, 6, 9]);
const STALE = 'phone-metadata.json is stale: run node scripts/phone-metadata.mjs';

function withoutFormatting(country: Country | undefined): unknown[] {
  const kept = (country ?? []).map((field, index) => (FORMATTING_FIELDS.has(index) ? 0 : field));
  while (kept.length > 0 && kept.at(-1) === 0) kept.pop();
  return kept;
}

describe('phone-metadata.json', () => {
  const countries = slice.countries as Record<string, Country>;
  const minCountries = min.countries as unknown as Record<string, Country>;
  const maxCountries = max.countries as unknown as Record<string, Country>;

  it("has Haiti's full plan from the library, number types included", () => {
    expect(countries.HT, STALE).toEqual(withoutFormatting(maxCountries.HT));
  });

  it('has every other country as the library has it, less its formatting rules', () => {
    expect(Object.keys(countries).sort(), STALE).toEqual(Object.keys(minCountries).sort());
    for (const [code, country] of Object.entries(minCountries)) {
      if (code !== 'HT') expect(countries[code], `${code}: ${STALE}`).toEqual(withoutFormatting(country));
    }
  });

  it("has the library's calling codes, less the non-geographic ones", () => {
    const callingCodes = min.country_calling_codes as Record<string, string[]>;
    const geographic = Object.entries(callingCodes).filter(([, codes]) => !codes.includes('001'));
    expect(slice.country_calling_codes, STALE).toEqual(Object.fromEntries(geographic));
    expect(slice.nonGeographic).toEqual({});
    expect(slice.version).toBe(min.version);
  });
});

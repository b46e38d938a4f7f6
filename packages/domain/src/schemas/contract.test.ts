import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../index.ts';
import { contractSchemas, named } from './contract.ts';

describe('the contract registry', () => {
  it('names every registered shape once, in PascalCase', () => {
    const ids = Object.keys(z.toJSONSchema(contractSchemas, { unrepresentable: 'any' }).schemas);
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) expect(id).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses to register one schema twice', () => {
    const schema = named('ContractTestShape', z.object({ a: z.string() }));
    expect(() => named('ContractTestShapeAgain', schema)).toThrow(/registered twice/);
    expect(() => named('ContractTestShape', z.string())).toThrow(/taken/);
    contractSchemas.remove(schema);
  });
});

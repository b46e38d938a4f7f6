import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { API_TAGS } from './openapi.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('the OpenAPI document', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  beforeAll(async () => {
    // With the agents' routes, which exist only when AGENTS_ENABLED is on.
    t = await createTestApp({ AGENTS_ENABLED: 'true' });
    const document = t.app.swagger() as unknown as Document;
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(async () => t?.close());

  it('names, sums up, tags and secures every operation', () => {
    const tags = new Set<string>(API_TAGS.map((tag) => tag.name));
    for (const { method, path, operation } of operations) {
      const name = `${method} ${path}`;
      expect(operation.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tags.has(tag), `${name} tag ${tag}`).toBe(true);
      expect(operation.security, name).toBeDefined();
    }
  });

  it('gives every successful JSON answer a named schema, and every operation that can refuse its refusals', () => {
    for (const { method, path, operation } of operations) {
      const name = `${method} ${path}`;
      const statuses = Object.keys(operation.responses);
      // Only a public operation without input may refuse nothing (the probes, the support channels).
      const canRefuse =
        (operation.security?.length ?? 0) > 0 ||
        (operation.parameters?.length ?? 0) > 0 ||
        operation.requestBody;
      if (canRefuse)
        expect(
          statuses.some((status) => status.startsWith('4')),
          name,
        ).toBe(true);
      for (const status of statuses.filter((s) => s.startsWith('2'))) {
        const json = operation.responses[status]?.content?.['application/json'];
        if (json) expect(json.schema?.$ref, `${name} ${status}`).toMatch(/^#\/components\/schemas\/[A-Z]/);
      }
    }
  });

  it('declares security as the routes enforce it: a secured operation refuses a caller without credentials', async () => {
    for (const { method, path, operation } of operations) {
      const url = path.replace(/\{[^}]+\}/g, SOME_ID);
      const body = ['POST', 'PUT', 'PATCH'].includes(method) ? { payload: {} } : {};
      const res = await t.app.inject({ method: method as 'GET', url, ...body });
      const code = res.headers['content-type']?.toString().includes('json')
        ? res.json()?.error?.code
        : undefined;
      const secured = (operation.security?.length ?? 0) > 0;
      expect({ name: `${method} ${path}`, refused: code === 'unauthorized' }).toEqual({
        name: `${method} ${path}`,
        refused: secured,
      });
    }
  });
});

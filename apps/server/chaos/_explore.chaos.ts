import { it } from 'vitest';
import { createTestApp } from '../src/test-support/test-app.ts';

it('explore', async () => {
  const t = await createTestApp();
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
  for (const [p, ops] of Object.entries<Record<string, unknown>>(doc.paths))
    console.log(p, Object.keys(ops).join(','));
  for (const url of [
    '/',
    '/api/health',
    '/api/me',
    '/api/docs',
    '/api/docs/static/index.html',
    '/api/docs/json',
  ]) {
    const r = await t.app.inject({ url });
    console.log(url, r.statusCode, JSON.stringify(r.headers));
  }
  await t.close();
});

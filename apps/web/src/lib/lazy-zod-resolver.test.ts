import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps whether a person has shown up on the page: a fresh copy per test.
async function freshModule() {
  vi.resetModules();
  return import('./lazy-zod-resolver');
}

describe('lazyZodSchema', () => {
  let page: EventTarget;
  beforeEach(() => {
    page = new EventTarget();
    vi.stubGlobal('document', page);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('loads nothing while the screen opens, and starts at the first key, touch or focus', async () => {
    const { lazyZodSchema } = await freshModule();
    const load = vi.fn(async () => 'schema');
    lazyZodSchema(load);
    expect(load).not.toHaveBeenCalled();
    page.dispatchEvent(new Event('focusin'));
    expect(load).toHaveBeenCalledTimes(1);
    page.dispatchEvent(new Event('keydown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit before any interaction waits for the schema instead of skipping it', async () => {
    const { lazyZodSchema } = await freshModule();
    const load = vi.fn(async () => 'schema');
    const get = lazyZodSchema(load);
    await expect(get()).resolves.toBe('schema');
    page.dispatchEvent(new Event('pointerdown'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a form opened after the person has touched the page starts loading at once', async () => {
    const { lazyZodSchema } = await freshModule();
    page.dispatchEvent(new Event('touchstart'));
    lazyZodSchema(vi.fn(async () => 'first'));
    page.dispatchEvent(new Event('pointerdown'));
    const later = vi.fn(async () => 'second');
    lazyZodSchema(later);
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('a failed download is tried again at the next get()', async () => {
    const { lazyZodSchema } = await freshModule();
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('schema');
    const get = lazyZodSchema(load);
    page.dispatchEvent(new Event('keydown'));
    await expect(get()).rejects.toThrow('offline');
    await expect(get()).resolves.toBe('schema');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';

// The language stored for the account follows the person: the sign-in applies it, a /api/me that
// brings a new one applies it, and a /api/me that repeats the known one never undoes a choice made
// on this device meanwhile.
async function freshI18n() {
  vi.resetModules();
  return import('./i18n');
}

describe('the account’s language on this device', () => {
  let i18nModule: Awaited<ReturnType<typeof freshI18n>>;
  beforeEach(async () => {
    i18nModule = await freshI18n();
  });

  it('is applied at sign-in, whatever the device showed', async () => {
    const { applyAccountLanguage, i18n } = i18nModule;
    expect(i18n.resolvedLanguage).toBe('ht');
    await applyAccountLanguage('en');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('common.language')).toBe('Language');
  });

  it('is applied when /api/me brings a language changed on another device', async () => {
    const { applyAccountLanguage, followAccountLanguage, i18n } = i18nModule;
    await applyAccountLanguage('ht');
    await followAccountLanguage('fr');
    expect(i18n.resolvedLanguage).toBe('fr');
  });

  it('does not take the screens back when /api/me repeats the language it had', async () => {
    const { applyAccountLanguage, changeLanguage, followAccountLanguage, i18n } = i18nModule;
    await applyAccountLanguage('ht');
    // Chosen in the settings; a read that left before the change answers the old language.
    await changeLanguage('pt-BR');
    await followAccountLanguage('ht');
    expect(i18n.resolvedLanguage).toBe('pt-BR');
  });

  it('ignores a value that is no language of the app', async () => {
    const { followAccountLanguage, i18n } = i18nModule;
    await followAccountLanguage('xx');
    expect(i18n.resolvedLanguage).toBe('ht');
  });
});

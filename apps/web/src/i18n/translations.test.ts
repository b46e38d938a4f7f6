import { ERROR_CODES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import ht from './ht.json';
import legalEn from './legal/en.json';
import legalFr from './legal/fr.json';
import legalHt from './legal/ht.json';
import legalPtBr from './legal/pt-BR.json';
import ptBr from './pt-BR.json';
import screensEn from './screens/en.json';
import screensFr from './screens/fr.json';
import screensHt from './screens/ht.json';
import screensPtBr from './screens/pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as "path → placeholders", e.g. "landing.carousel.slideLabel → current,total". */
function shape(value: Json, path = ''): string[] {
  if (typeof value === 'string') {
    const placeholders = [...value.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    return [`${path} → ${placeholders.join(',')}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => shape(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => shape(item, path ? `${path}.${key}` : key));
  }
  return [`${path} → (not a string)`];
}

const main = { 'pt-BR': ptBr, fr, en };
const legal = { 'pt-BR': legalPtBr, fr: legalFr, en: legalEn };
const screens = { 'pt-BR': screensPtBr, fr: screensFr, en: screensEn };

describe('translations', () => {
  it.each(Object.entries(main))('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(ht));
  });

  it.each(Object.entries(legal))('%s legal texts have the same structure as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(legalHt));
  });

  it.each(Object.entries(screens))(
    '%s screen texts have the same keys and placeholders as Creole',
    (_language, bundle) => {
      expect(shape(bundle)).toEqual(shape(screensHt));
    },
  );

  it('has no empty text, except the translation note of the Creole original itself', () => {
    const bundles = {
      ht,
      'pt-BR': ptBr,
      fr,
      en,
      'legal/pt-BR': legalPtBr,
      'legal/fr': legalFr,
      'legal/en': legalEn,
      'screens/ht': screensHt,
      'screens/pt-BR': screensPtBr,
      'screens/fr': screensFr,
      'screens/en': screensEn,
    };
    for (const [name, bundle] of Object.entries(bundles)) {
      expect(JSON.stringify(bundle), name).not.toContain('""');
    }
    expect(legalHt.translationNote).toBe('');
  });

  it('keeps the 404 sentence in English in every language, as the spec asks', () => {
    for (const bundle of [ht, ptBr, fr, en]) expect(bundle.notFound.title).toBe('Oops! Page not found');
  });

  it('uses the product’s Creole wording on the landing', () => {
    expect(ht.landing.startNow).toBe('Kòmanse kounye a');
    expect(ht.landing.login).toBe('Konekte');
    expect(ht.comingSoon.title).toBe('Paj sa a ap vini byento');
  });
});

describe('error texts', () => {
  const known: readonly string[] = ERROR_CODES;

  it('names only real error codes (besides the toast title)', () => {
    const keys = Object.keys(screensHt.errors).filter((key) => key !== 'title');
    expect(keys.filter((key) => !known.includes(key))).toEqual([]);
  });

  it('has a text for every failure the account screens can show', () => {
    const shown = [
      'network_error',
      'rate_limited',
      'service_unavailable',
      'unexpected_error',
      'session_expired',
      'invalid_credentials',
      'email_not_confirmed',
      'login_error',
      'registration_error',
      'user_data_error',
      'account_data_error',
      'password_too_common',
      'passwords_dont_match',
      'image_too_large',
      'image_invalid_type',
      'nif_already_exists',
      'email_already_exists',
      'phone_already_exists',
      'document_invalid',
      'phone_invalid',
      'birth_date_invalid',
      'invalid_confirmation_link',
      'invalid_reset_link',
    ];
    expect(shown.filter((code) => !(code in screensHt.errors))).toEqual([]);
  });
});

describe('the spec’s own wording', () => {
  it('keeps the Portuguese texts of the password pages (spec §5, §8)', () => {
    expect(screensHt.forgotPassword.errors).toMatchObject({
      email_required: 'Email é obrigatório',
      email_invalid: 'Email inválido',
      send: 'Erro ao enviar email. Tente novamente.',
      unexpected: 'Erro inesperado. Tente novamente.',
    });
    expect(screensHt.resetPassword).toMatchObject({
      title: 'Nova Senha',
      successTitle: 'Senha redefinida!',
      invalidTitle: 'Link inválido',
      invalidBody: 'Este link de recuperação é inválido ou expirou.',
    });
    expect(screensHt.resetPassword.errors).toMatchObject({
      password_required: 'Nova senha é obrigatória',
      password_min_length: 'Senha deve ter pelo menos 6 caracteres',
      passwords_dont_match: 'Senhas não coincidem',
      failed: 'Erro ao redefinir senha. Tente novamente.',
    });
  });

  it('numbers the wizard’s steps as “Etap 3/9”', () => {
    expect(screensHt.register.progress.replace('{{current}}', '3').replace('{{total}}', '9')).toBe(
      'Etap 3/9',
    );
  });
});

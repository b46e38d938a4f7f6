import { ERROR_CODES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import accountEn from './account/en.json';
import accountFr from './account/fr.json';
import accountHt from './account/ht.json';
import accountPtBr from './account/pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Every leaf as "path → placeholders", e.g. "phoneChange.step → current". */
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

const others = { 'pt-BR': accountPtBr, fr: accountFr, en: accountEn };
// Sentences with a value in them, kept beside the code they belong to.
const DERIVED_KEYS = ['invalid_codes_remaining', 'phone_already_used_by'];

describe('account texts', () => {
  it.each(Object.entries(others))('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(accountHt));
  });

  it('has no empty text', () => {
    for (const [name, bundle] of Object.entries({ ht: accountHt, ...others })) {
      expect(JSON.stringify(bundle), name).not.toContain('""');
    }
  });

  it('names only real error codes (besides the sentences that carry a value)', () => {
    const known: readonly string[] = ERROR_CODES;
    const keys = Object.keys(accountHt.errors).filter((key) => !DERIVED_KEYS.includes(key));
    expect(keys.filter((key) => !known.includes(key))).toEqual([]);
  });

  it('has a text for every failure of the profile, settings and referral screens', () => {
    const shown = [
      'image_invalid_type',
      'image_too_large',
      'user_not_found',
      'user_data_error',
      'error_loading_profile',
      'photo_upload_error',
      'name_update_error',
      'new_phone_required',
      'phone_same_as_current',
      'code_send_error',
      'verification_code_error',
      'phone_update_error',
      'invalid_codes',
      'code_expired',
      'code_attempts_exceeded',
      'phone_change_not_pending',
      'fill_all_fields',
      'referral_self',
      'referral_already_registered',
      'referral_send_error',
    ];
    expect(shown.filter((code) => !(code in accountHt.errors))).toEqual([]);
  });

  it('keeps the spec’s Creole wording (spec §2, §5, §8)', () => {
    expect(accountHt.profile).toMatchObject({ edit: 'Modifye Pwofil', backHome: 'Retounen Lakay' });
    expect(accountHt.common).toMatchObject({
      loadErrorTitle: 'Erè nan chaje pwofil la',
      loadErrorBody: 'Erè nan chaje done pwofil yo',
      notFoundTitle: 'Itilizatè a pa jwenn',
    });
    expect(accountHt.errors).toMatchObject({
      image_invalid_type: 'Tanpri chwazi yon imaj ki valab',
      image_too_large: 'Imaj la dwe gen maksimu 5MB',
      new_phone_required: 'Antre nouvo nimewo telefòn nan',
      phone_same_as_current: 'Nouvo nimewo a menm ak ansyen an',
      invalid_codes: 'Kòd la pa kòrèk',
    });
    expect(accountHt.errors.invalid_codes_remaining).toMatch(/^Kòd la pa kòrèk/);
    expect(accountHt.errors.phone_already_used_by.replace('{{name}}', 'Marie')).toContain('Marie');
    expect(accountHt.success).toMatchObject({
      title: 'Siksè!',
      phone_code_sent_title: 'Kòd voye!',
      phone_code_sent_new_title: 'Etap 2/2',
    });
    expect(accountHt.success.phone_code_sent).toContain('WhatsApp');
  });
});

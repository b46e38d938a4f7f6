import { describe, expect, it } from 'vitest';
import { IMAGE_UPLOAD_MAX_BYTES, REGISTRATION_STEPS } from '../constants.ts';
import { REGISTRATION_STEP_FIELDS } from '../registration-steps.ts';
import { createRegistrationFormSchema, signupSchema } from './signup.ts';
import { keysOf, parsed } from './test-helpers.ts';

const valid = {
  nome_completo: '  Jean Baptiste ',
  documento: '123-456-789-0',
  email: 'Jean@Example.ht',
  telefone: '3712 3456',
  data_nascimento: '1990-05-01',
  sexo: 'M',
  password: 'secret1',
};

describe('signupSchema', () => {
  it('accepts the sign-up fields and stores the NIF as digits and the phone in E.164', () => {
    expect(parsed(signupSchema, valid)).toEqual({
      nome_completo: 'Jean Baptiste',
      documento: '1234567890',
      email: 'jean@example.ht',
      telefone: '+50937123456',
      data_nascimento: '1990-05-01',
      sexo: 'M',
      password: 'secret1',
    });
  });

  it('names every missing field by its key', () => {
    expect(keysOf(signupSchema, {})).toEqual({
      nome_completo: 'name_required',
      documento: 'document_required',
      email: 'email_required',
      telefone: 'phone_required',
      data_nascimento: 'birth_date_required',
      sexo: 'gender_required',
      password: 'password_required',
    });
  });

  it('rejects a blank name with name_required', () => {
    expect(keysOf(signupSchema, { ...valid, nome_completo: '   ' })).toEqual({
      nome_completo: 'name_required',
    });
  });

  it('rejects a name over 120 characters with value_too_long', () => {
    expect(keysOf(signupSchema, { ...valid, nome_completo: 'a'.repeat(121) })).toEqual({
      nome_completo: 'value_too_long',
    });
  });

  it('rejects a NIF that is not 10 digits with document_invalid', () => {
    for (const documento of ['123456789', '123-456-789', '12345678901', '123.456.789-0'])
      expect(keysOf(signupSchema, { ...valid, documento })).toEqual({ documento: 'document_invalid' });
  });

  it('rejects a phone that cannot be reached with phone_invalid', () => {
    expect(keysOf(signupSchema, { ...valid, telefone: '12ab' })).toEqual({ telefone: 'phone_invalid' });
  });

  it('rejects an impossible or future birth date with birth_date_invalid', () => {
    for (const data_nascimento of ['1990-02-30', '01/05/1990', '2999-01-01', '1850-01-01'])
      expect(keysOf(signupSchema, { ...valid, data_nascimento })).toEqual({
        data_nascimento: 'birth_date_invalid',
      });
  });

  it('takes an optional language, one of LOCALES, and refuses any other with invalid_language', () => {
    expect(parsed(signupSchema, { ...valid, idioma: 'pt-BR' }).idioma).toBe('pt-BR');
    expect(parsed(signupSchema, { ...valid, idioma: '' }).idioma).toBeUndefined();
    expect(parsed(signupSchema, valid).idioma).toBeUndefined();
    expect(keysOf(signupSchema, { ...valid, idioma: 'es' })).toEqual({ idioma: 'invalid_language' });
  });

  it('rejects an unknown gender with gender_invalid', () => {
    expect(keysOf(signupSchema, { ...valid, sexo: 'X' })).toEqual({ sexo: 'gender_invalid' });
    expect(keysOf(signupSchema, { ...valid, sexo: '' })).toEqual({ sexo: 'gender_required' });
  });

  it('refuses one of the most common passwords with password_too_common', () => {
    for (const password of ['kreyolcash', '123456789', 'MotDePasse'])
      expect(keysOf(signupSchema, { ...valid, password })).toEqual({ password: 'password_too_common' });
  });

  it('still names a short password by its length, not as common', () => {
    expect(keysOf(signupSchema, { ...valid, password: '12345' })).toEqual({
      password: 'password_min_length',
    });
  });

  it('takes an optional referral code, blank meaning none', () => {
    expect(parsed(signupSchema, { ...valid, codigo_indicacao: ' ABC-12 ' }).codigo_indicacao).toBe('ABC-12');
    expect(parsed(signupSchema, { ...valid, codigo_indicacao: '' }).codigo_indicacao).toBeUndefined();
    expect(keysOf(signupSchema, { ...valid, codigo_indicacao: 'a b' })).toEqual({
      codigo_indicacao: 'referral_code_invalid',
    });
  });
});

describe('registration form', () => {
  const photo = { name: 'photo.jpg', type: 'image/jpeg', size: 1_000 };
  const form = {
    fullName: 'Jean Baptiste',
    document: '123-456-789-0',
    documentPhoto: photo,
    email: 'jean@example.ht',
    phone: '+509 3712 3456',
    birthDate: '1990-05-01',
    gender: 'F',
    profilePhoto: photo,
    password: 'secret1',
    confirmPassword: 'secret1',
  };
  const schema = createRegistrationFormSchema();

  it('accepts a complete form and keeps the photo objects themselves', () => {
    expect(parsed(schema, form).documentPhoto).toBe(photo);
  });

  it('requires both photos with their own keys', () => {
    expect(keysOf(schema, { ...form, documentPhoto: undefined, profilePhoto: null })).toEqual({
      documentPhoto: 'document_photo_required',
      profilePhoto: 'profile_photo_required',
    });
  });

  it('rejects a photo that is not JPG or PNG, or above 5 MB', () => {
    expect(keysOf(schema, { ...form, documentPhoto: { ...photo, type: 'image/gif' } })).toEqual({
      documentPhoto: 'image_invalid_type',
    });
    expect(keysOf(schema, { ...form, profilePhoto: { ...photo, size: IMAGE_UPLOAD_MAX_BYTES + 1 } })).toEqual(
      {
        profilePhoto: 'image_too_large',
      },
    );
  });

  it('refuses a common password in the form too, before anything is sent', () => {
    expect(keysOf(schema, { ...form, password: 'ayiti123', confirmPassword: 'ayiti123' })).toEqual({
      password: 'password_too_common',
    });
  });

  it('rejects a confirmation that differs with passwords_dont_match', () => {
    expect(keysOf(schema, { ...form, confirmPassword: 'secret2' })).toEqual({
      confirmPassword: 'passwords_dont_match',
    });
  });

  it('validates each of the 9 steps by its own fields, every field once', () => {
    expect(REGISTRATION_STEP_FIELDS).toHaveLength(REGISTRATION_STEPS);
    expect(REGISTRATION_STEP_FIELDS.flat().sort()).toEqual(Object.keys(form).sort());
  });
});

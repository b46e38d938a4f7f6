import { ERROR_CODES, SALE_STATUSES } from '@kreyolcash/domain';
import { describe, expect, it } from 'vitest';
import accountHt from './account/ht.json';
import en from './en.json';
import fr from './fr.json';
import ht from './ht.json';
import legalHt from './legal/ht.json';
import marketplaceHt from './marketplace/ht.json';
import marketplacePtBr from './marketplace/pt-BR.json';
import ptBr from './pt-BR.json';
import screensHt from './screens/ht.json';
import screensPtBr from './screens/pt-BR.json';
import walletHt from './wallet/ht.json';
import walletPtBr from './wallet/pt-BR.json';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

// Every bundle in this folder: `./ht.json` is the `translation` namespace, `./<namespace>/<language>.json`
// the others. Read from the folder, so a new namespace gets the checks below without being listed.
const files = import.meta.glob<Json>('./**/*.json', { eager: true, import: 'default' });
const namespaces = new Map<string, Map<string, Json>>();
for (const [path, bundle] of Object.entries(files)) {
  const [, folder, language] = path.match(/^\.\/(?:([\w-]+)\/)?([\w-]+)\.json$/) ?? [];
  if (!language) throw new Error(`unexpected translation file ${path}`);
  const namespace = folder ?? 'translation';
  namespaces.set(namespace, (namespaces.get(namespace) ?? new Map()).set(language, bundle));
}
const languagesOf = (namespace: string) => [...(namespaces.get(namespace)?.keys() ?? [])].sort();

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

/** The paths of the texts that are empty. */
function emptyTexts(value: Json, path = ''): string[] {
  if (value === '') return [path];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => emptyTexts(item, path ? `${path}.${key}` : key));
}

// The only empty text: the note "translated from Creole" has nothing to say on the Creole original.
const ALLOWED_EMPTY: Record<string, string[]> = { 'legal/ht': ['translationNote'] };
// Keys of `errors` that are not error codes: the toast title, and sentences that carry a value.
const NOT_ERROR_CODES: Record<string, string[]> = {
  screens: ['title'],
  wallet: ['invalid_codes_remaining'],
  account: ['invalid_codes_remaining', 'phone_already_used_by'],
};

describe.each([...namespaces.keys()].sort())('the %s texts', (namespace) => {
  const bundles = namespaces.get(namespace) ?? new Map<string, Json>();
  const creole = bundles.get('ht');
  const others = [...bundles].filter(([language]) => language !== 'ht');

  it('exist in Creole and in every language of the app', () => {
    expect(creole).toBeDefined();
    expect(languagesOf(namespace)).toEqual(languagesOf('translation'));
  });

  it.each(others)('%s has the same keys and placeholders as Creole', (_language, bundle) => {
    expect(shape(bundle)).toEqual(shape(creole ?? {}));
  });

  it.each([...bundles])('%s has no empty text', (language, bundle) => {
    expect(emptyTexts(bundle)).toEqual(ALLOWED_EMPTY[`${namespace}/${language}`] ?? []);
  });

  // Only the namespaces of screens that talk to the API have failure texts.
  const errors = creole !== null && typeof creole === 'object' && !Array.isArray(creole) && creole.errors;
  if (errors) {
    it('names only real error codes in `errors`', () => {
      const known: readonly string[] = ERROR_CODES;
      const keys = Object.keys(errors).filter((key) => !NOT_ERROR_CODES[namespace]?.includes(key));
      expect(keys.filter((key) => !known.includes(key))).toEqual([]);
    });
  }
});

/** The codes of `shown` that a namespace's `errors` has no text for. */
const missingTexts = (errors: object, shown: string[]) => shown.filter((code) => !(code in errors));

describe('the failures each screen shows have a text', () => {
  it('on the account screens (screens namespace)', () => {
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
    expect(missingTexts(screensHt.errors, shown)).toEqual([]);
  });

  it('on the home, transfer and statement screens (spec §8) and from the transfer API', () => {
    const shown = [
      'invalid_email',
      'user_not_found',
      'user_not_found_message',
      'search_user_error',
      'invalid_amount',
      'max_amount_error',
      'amount_too_large',
      'insufficient_balance',
      'transfer_processing_error',
      'invalid_verification_code',
      'invalid_codes',
      'verification_code_error',
      'error_loading_transactions',
      'transaction_not_found',
      'self_transfer',
      'idempotency_key_reused',
      'code_expired',
      'code_attempts_exceeded',
      'transaction_not_pending',
      'code_send_error',
    ];
    expect(missingTexts(walletHt.errors, shown)).toEqual([]);
  });

  it('on the marketplace screens, from its API and under its form fields', () => {
    const shown = [
      // Companies, create service, purchase (spec §8) and the marketplace API's own codes.
      'company_not_found',
      'error_loading_company',
      'error_loading_companies',
      'company_creation_error',
      'company_already_exists',
      'service_creation_error',
      'purchase_error',
      'invalid_verification_code',
      'verification_code_error',
      'product_not_found',
      'error_loading_product',
      'balance_check_error',
      'insufficient_balance',
      'invalid_quantity',
      'insufficient_stock',
      'own_company_purchase',
      'invalid_codes',
      'code_expired',
      'code_attempts_exceeded',
      'transaction_not_pending',
      'sale_not_found',
      // Field keys of the two forms.
      'company_name_required',
      'service_name_required',
      'description_required',
      'category_required',
      'category_invalid',
      'price_must_be_positive',
      'stock_invalid',
      // A price, or a purchase's total, above the ceiling of every amount.
      'amount_too_large',
    ];
    expect(missingTexts(marketplaceHt.errors, shown)).toEqual([]);
  });

  it('on the profile, settings and referral screens', () => {
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
    expect(missingTexts(accountHt.errors, shown)).toEqual([]);
  });
});

describe('the texts the spec fixes', () => {
  it('says the 404 in each language, the spec’s English sentence in English', () => {
    expect(en.notFound.title).toBe('Oops! Page not found');
    const titles = [ht, ptBr, fr, en].map((bundle) => bundle.notFound.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('uses the product’s Creole wording on the landing', () => {
    expect(ht.landing.startNow).toBe('Kòmanse kounye a');
    expect(ht.landing.login).toBe('Konekte');
  });

  it('leaves the legal note on translations empty in the Creole original', () => {
    expect(legalHt.translationNote).toBe('');
  });

  it('gives the spec’s Portuguese texts of the password pages to Portuguese (spec §5, §8)', () => {
    expect(screensPtBr.forgotPassword.errors).toMatchObject({
      email_required: 'Email é obrigatório',
      email_invalid: 'Email inválido',
      send: 'Erro ao enviar email. Tente novamente.',
      unexpected: 'Erro inesperado. Tente novamente.',
    });
    expect(screensPtBr.resetPassword).toMatchObject({
      title: 'Nova Senha',
      successTitle: 'Senha redefinida!',
      invalidTitle: 'Link inválido',
      invalidBody: 'Este link de recuperação é inválido ou expirou.',
    });
    expect(screensPtBr.resetPassword.errors).toMatchObject({
      password_required: 'Nova senha é obrigatória',
      password_min_length: 'Senha deve ter pelo menos 6 caracteres',
      passwords_dont_match: 'Senhas não coincidem',
      failed: 'Erro ao redefinir senha. Tente novamente.',
    });
  });

  it('numbers the registration wizard’s steps as “Etap 3/9”', () => {
    expect(screensHt.register.progress.replace('{{current}}', '3').replace('{{total}}', '9')).toBe(
      'Etap 3/9',
    );
  });

  it('gives the spec’s Portuguese sentence for a balance too low to transfer to Portuguese (spec §5)', () => {
    expect(walletPtBr.errors.insufficient_balance).toBe(
      'Saldo insuficiente para realizar esta transferência',
    );
  });

  it('tells the payer in Creole to check WhatsApp and that the code lasts 15 minutes', () => {
    expect(walletHt.transfer.codeSent.title).toContain('WhatsApp');
    expect(walletHt.transfer.codeSent.body.replace('{{minutes}}', '15')).toContain('15 minit');
  });

  it('offers “Voye kòd la ankò”, with its countdown, and says to check WhatsApp once it is sent', () => {
    expect(walletHt.transfer.code.resend).toBe('Voye kòd la ankò');
    expect(walletHt.transfer.code.resendIn.replace('{{seconds}}', '30')).toBe('Voye kòd la ankò nan 30 s');
    expect(walletHt.transfer.code.resentBody).toContain('WhatsApp');
  });

  it('names every sale status in every language', () => {
    for (const bundle of namespaces.get('marketplace')?.values() ?? []) {
      expect(Object.keys((bundle as typeof marketplaceHt).saleStatus).sort()).toEqual(
        [...SALE_STATUSES].sort(),
      );
    }
  });

  it('keeps the Creole texts of the create-service screen (spec §5, §8)', () => {
    expect(marketplaceHt.createService.title).toBe('Kreye Sèvis');
    expect(marketplaceHt.errors).toMatchObject({
      service_name_required: 'Non sèvis la obligatwa',
      description_required: 'Deskripsyon an obligatwa',
      category_required: 'Kategori a obligatwa',
      price_must_be_positive: 'Pri a dwe pi gwo pase zewo',
      company_not_found: 'Konpani an pa jwenn',
      error_loading_company: 'Erè nan chaje konpani an',
      service_creation_error: 'Erè nan kreye sèvis la',
    });
    expect(marketplaceHt.success).toMatchObject({
      title: 'Siksè',
      service_created: 'Sèvis la kreye ak siksè',
    });
    expect(marketplaceHt.createService.notFoundTitle).toBe('Erè');
  });

  it('gives the spec’s Portuguese texts of the companies and purchase screens to Portuguese (spec §5, §8)', () => {
    expect(marketplacePtBr.companies.loadError).toBe('Não foi possível carregar as empresas');
    expect(marketplacePtBr.createCompany).toMatchObject({
      alreadyTitle: 'Empresa já existe',
      alreadyBody: 'Você já possui uma empresa registrada',
      loginRequired: 'Você precisa estar logado para criar uma empresa',
    });
    expect(marketplacePtBr.purchase).toMatchObject({
      insufficientTitle: 'Saldo Insuficiente',
      notAuthenticated: 'Usuário não autenticado',
    });
  });

  it('keeps the Creole wording of the profile, settings and phone change (spec §2, §5, §8)', () => {
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

// Every sentence the spec quotes in Portuguese (§2, §5, §8): the pt-BR locale's texts, never Creole's.
const SPEC_PORTUGUESE = [
  'Email é obrigatório',
  'Email inválido',
  'Erro ao enviar email. Tente novamente.',
  'Erro inesperado. Tente novamente.',
  'Erro ao redefinir senha. Tente novamente.',
  'Senha redefinida!',
  'Nova Senha',
  'Link inválido',
  'Este link de recuperação é inválido ou expirou.',
  'Nova senha é obrigatória',
  'Senha deve ter pelo menos 6 caracteres',
  'Senhas não coincidem',
  'Saldo insuficiente para realizar esta transferência',
  'Não foi possível carregar as empresas',
  'Empresa já existe',
  'Você já possui uma empresa registrada',
  'Você precisa estar logado para criar uma empresa',
  'Saldo Insuficiente',
  'Usuário não autenticado',
  'Não foi possível verificar seu saldo',
  'Empresa não encontrada',
  'Erro ao processar compra',
  'Erro ao gerar código de verificação',
  'Usuário não encontrado',
  'Telefone do usuário não encontrado',
];
// Words of those sentences that Creole never uses (Creole writes "modpas", "erè", "balans", "konpani"…).
const PORTUGUESE_ONLY_WORDS =
  /(?<!\p{L})(não|você|senha|obrigatóri[oa]|inválid[oa]|insuficiente|empresas?|usuário|erro|possível|carregar|redefinir|tente|novamente|já|seu|sua|para)(?!\p{L})/iu;

/** Every text of a bundle with its path. */
function texts(value: Json, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => texts(item, path ? `${path}.${key}` : key));
}

describe('the Creole texts are Creole', () => {
  const creole = [...namespaces].flatMap(([namespace, bundles]) =>
    texts(bundles.get('ht') ?? {}).map(([path, text]) => [`${namespace}:${path}`, text] as const),
  );

  it('hold none of the spec’s Portuguese sentences', () => {
    const quoted = creole.filter(([, text]) => SPEC_PORTUGUESE.some((sentence) => text.includes(sentence)));
    expect(quoted).toEqual([]);
  });

  it('hold no Portuguese-only word', () => {
    expect(creole.filter(([, text]) => PORTUGUESE_ONLY_WORDS.test(text))).toEqual([]);
  });

  it('would notice each of the spec’s sentences by its words alone', () => {
    expect(SPEC_PORTUGUESE.filter((sentence) => !PORTUGUESE_ONLY_WORDS.test(sentence))).toEqual([]);
  });
});

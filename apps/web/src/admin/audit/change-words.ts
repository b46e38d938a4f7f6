import {
  ADJUSTMENT_STATUSES,
  AUDIT_ACTIONS,
  COMPANY_STATUSES,
  DOCUMENT_REVIEW_STATUSES,
  FREEZE_ACTORS,
  FREEZE_CATEGORIES,
  type FreezeActor,
  findCommune,
  HELP_REQUEST_STATUSES,
  HELP_SUBJECTS,
  PRODUCT_STATUSES,
  REPORT_STATUSES,
  UNFREEZE_CATEGORIES,
  WEEKDAYS,
} from '@kreyolcash/domain';
import { adjustmentsTexts } from '../adjustments/texts';
import { dayText } from '../day';
import { floatsTexts } from '../floats/texts';
import { type AdminLocale, type AdminTexts, formatDateTime, formatKreyol } from '../i18n';
import { kycTexts } from '../kyc/texts';
import { auditActionLabels } from '../labels';
import { moderationTexts } from '../moderation/texts';
import { reportsTexts } from '../reports/texts';
import { supportTexts } from '../support/texts';
import { freezeTexts } from '../users/freeze-texts';
import { auditTexts } from './texts';

// An audit row's before and after in the operator's words. The trail stores what each action
// wrote, as JSON, and the CSV keeps it so; here each field is named, each known value translated,
// amounts, dates and ids shown as people read them, and a field or code this list does not know
// shown readably (its underscores as spaces) rather than hidden.

type Words = Record<AdminLocale, Record<string, string>>;

/** One area's words under a prefix, keyed by the stored value: `status.aberto` → `aberto`. */
function wordsUnder(texts: AdminTexts, prefix: string): Words {
  const under = (locale: AdminLocale) =>
    Object.fromEntries(
      Object.entries(texts[locale])
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, text]) => [key.slice(prefix.length), text]),
    );
  return { ht: under('ht'), fr: under('fr') };
}

/** Several word lists as one, for a field whose area the row does not say. */
function merged(...lists: Words[]): Words {
  return {
    ht: Object.assign({}, ...lists.map((list) => list.ht)),
    fr: Object.assign({}, ...lists.map((list) => list.fr)),
  };
}

// Who froze an account: the person themself (the operator column's "self") or an operator. A
// Record over the domain's list, so a new actor without its words does not compile.
const FREEZE_ACTOR_KEYS: Record<FreezeActor, string> = { usuario: 'self', operador: 'col.operator' };

function freezeActorWords(): Words {
  const of = (locale: AdminLocale) =>
    Object.fromEntries(
      Object.entries(FREEZE_ACTOR_KEYS).map(([actor, key]) => [actor, auditTexts[locale][key] ?? actor]),
    );
  return { ht: of('ht'), fr: of('fr') };
}

// Each area's statuses in that area's own words: the same code can mean different things (a
// dispute "rejeitada" is "Rejeté" in French, a document's "Refusée").
const moderationStatuses = wordsUnder(moderationTexts, 'status.');
const STATUS_BY_AREA: Record<string, Words> = {
  adjustment: wordsUnder(adjustmentsTexts, 'status.'),
  float: wordsUnder(floatsTexts, 'status.'),
  kyc: wordsUnder(kycTexts, 'status.'),
  report: wordsUnder(reportsTexts, 'status.'),
  help_request: wordsUnder(supportTexts, 'status.'),
  company: moderationStatuses,
  product: moderationStatuses,
};
const anyStatus = merged(...Object.values(STATUS_BY_AREA));

const freezeCategories = wordsUnder(freezeTexts, 'freeze.category.');
const unfreezeCategories = wordsUnder(freezeTexts, 'freeze.category.un.');

/** The word list for each field whose values are codes; `status` depends on the row's area. */
const WORDS_BY_FIELD: Record<string, Words> = {
  assunto: wordsUnder(supportTexts, 'subject.'),
  congelado_categoria: freezeCategories,
  categoria: freezeCategories,
  categoria_desbloqueio: unfreezeCategories,
  congelado_por: freezeActorWords(),
  tipo: wordsUnder(floatsTexts, 'tipo.'),
  acao: auditActionLabels,
};

/** The words for a field's values, chosen by the field and, for a status, the action's area. */
export function wordsOfField(key: string, action?: string): Words | undefined {
  if (key !== 'status') return Object.hasOwn(WORDS_BY_FIELD, key) ? WORDS_BY_FIELD[key] : undefined;
  const area = action?.split('.')[0] ?? '';
  return Object.hasOwn(STATUS_BY_AREA, area) ? STATUS_BY_AREA[area] : anyStatus;
}

/** Each field that stores codes, an action that writes it, and the codes it may hold. */
export const AUDIT_FIELD_VALUES: readonly (readonly [string, string, readonly string[]])[] = [
  ['status', 'adjustment.approve', ADJUSTMENT_STATUSES],
  ['status', 'float.approve', ADJUSTMENT_STATUSES],
  ['status', 'kyc.approve', DOCUMENT_REVIEW_STATUSES],
  ['status', 'report.reverse', REPORT_STATUSES],
  ['status', 'help_request.answer', HELP_REQUEST_STATUSES],
  ['status', 'company.suspend', COMPANY_STATUSES],
  ['status', 'product.deactivate', PRODUCT_STATUSES],
  ['assunto', 'help_request.open', HELP_SUBJECTS],
  ['congelado_categoria', 'account.freeze', FREEZE_CATEGORIES],
  ['categoria_desbloqueio', 'account.unfreeze', UNFREEZE_CATEGORIES],
  ['congelado_por', 'account.freeze', FREEZE_ACTORS],
  ['congelado_por', 'account.unfreeze', FREEZE_ACTORS],
  ['tipo', 'float.propose', ['emissao', 'resgate']],
  ['acao', 'audit.export', AUDIT_ACTIONS],
];

/** The fields the back office's actions write into the trail. */
export const fieldWords: Words = {
  ht: {
    status: 'Eta',
    acao: 'Aksyon',
    ok: 'Tout bon',
    problemas: 'Pwoblèm',
    movimentacao_id: 'Mouvman',
    estorno_id: 'Mouvman lajan tounen',
    conta_id: 'Kont',
    retido_centis: 'Kenbe',
    liberado_centis: 'Lage',
    reembolso_centis: 'Ranbouse',
    float_do_agente: 'Float ajan nimewo',
    quantidade_centis: 'Montan',
    referencia: 'Referans',
    tipo: 'Kalite',
    agente_numero: 'Ajan nimewo',
    numero: 'Nimewo',
    data_deposito: 'Dat depo labank lan',
    compras_anuladas: 'Acha anile',
    documento_aprovado_em: 'Dokiman apwouve le',
    resposta: 'Repons',
    assunto: 'Sijè',
    endereco: 'Adrès',
    endereco_ip: 'Adrès IP',
    nome_comercial: 'Non biznis',
    comuna: 'Komin',
    horario: 'Lè li louvri',
    congelado: 'Jele',
    congelado_em: 'Jele le',
    congelado_por: 'Jele pa',
    congelado_motivo: 'Rezon jele a',
    congelado_categoria: 'Kategori jele a',
    categoria_desbloqueio: 'Kategori dejele a',
    de_centis: 'Depi',
    ate_centis: 'Rive',
    fixa_centis: 'Frè fiks',
    percentual_bp: 'Pousantaj',
    comissao_bp: 'Pati ajan an',
    usuario: 'Itilizatè',
    operador: 'Operatè',
    from: 'Depi',
    to: 'Jiska',
    abre: 'Louvri',
    fecha: 'Fèmen',
    mon: 'Lendi',
    tue: 'Madi',
    wed: 'Mèkredi',
    thu: 'Jedi',
    fri: 'Vandredi',
    sat: 'Samdi',
    sun: 'Dimanch',
    yes: 'Wi',
    no: 'Non',
    band: 'Tranch {n}',
  },
  fr: {
    status: 'État',
    acao: 'Action',
    ok: 'Tout va bien',
    problemas: 'Problèmes',
    movimentacao_id: 'Mouvement',
    estorno_id: 'Mouvement d’argent rendu',
    conta_id: 'Compte',
    retido_centis: 'Bloqué',
    liberado_centis: 'Débloqué',
    reembolso_centis: 'Remboursé',
    float_do_agente: 'Float de l’agent n°',
    quantidade_centis: 'Montant',
    referencia: 'Référence',
    tipo: 'Type',
    agente_numero: 'Agent n°',
    numero: 'Numéro',
    data_deposito: 'Date du dépôt en banque',
    compras_anuladas: 'Achats annulés',
    documento_aprovado_em: 'Pièce approuvée le',
    resposta: 'Réponse',
    assunto: 'Sujet',
    endereco: 'Adresse',
    endereco_ip: 'Adresse IP',
    nome_comercial: 'Nom commercial',
    comuna: 'Commune',
    horario: 'Horaires',
    congelado: 'Gelé',
    congelado_em: 'Gelé le',
    congelado_por: 'Gelé par',
    congelado_motivo: 'Motif du gel',
    congelado_categoria: 'Catégorie du gel',
    categoria_desbloqueio: 'Catégorie du dégel',
    de_centis: 'De',
    ate_centis: 'À',
    fixa_centis: 'Frais fixes',
    percentual_bp: 'Pourcentage',
    comissao_bp: 'Part de l’agent',
    usuario: 'Utilisateur',
    operador: 'Opérateur',
    from: 'Du',
    to: 'Au',
    abre: 'Ouverture',
    fecha: 'Fermeture',
    mon: 'Lundi',
    tue: 'Mardi',
    wed: 'Mercredi',
    thu: 'Jeudi',
    fri: 'Vendredi',
    sat: 'Samedi',
    sun: 'Dimanche',
    yes: 'Oui',
    no: 'Non',
    band: 'Tranche {n}',
  },
};

export type ChangeLine = { field: string; value: string };

/** Between a field and its value: French typography puts a space before the colon. */
export function colonOf(locale: AdminLocale): string {
  return locale === 'fr' ? '\u00a0: ' : ': ';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A stored code: lower_snake_case or UPPER_CASE, as the server writes its closed lists.
// What people or operators typed: shown as typed, even when it looks like a code.
const TYPED = new Set(['referencia', 'resposta', 'nome_comercial', 'endereco', 'congelado_motivo']);
const CODE = /^(?:[a-z]+(?:_[a-z]+)+|[A-Z]+(?:_[A-Z]+)*)$/;

/** An id, short: enough to tell rows apart and to search, not a line of hex. */
export function shortId(id: string): string {
  return UUID.test(id) ? `${id.slice(0, 8)}…` : id;
}

function readable(code: string): string {
  const spaced = code.replace(/_/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// A field whose meaning depends on the action that wrote it: an operator's sign-in stores the
// client's IP address as `endereco`, which for an agent is their street address.
const FIELD_BY_ACTION: Record<string, Record<string, string>> = {
  'operator.sign_in': { endereco: 'endereco_ip' },
};

function fieldName(key: string, locale: AdminLocale, action?: string): string {
  const named = (action !== undefined && FIELD_BY_ACTION[action]?.[key]) || key;
  return fieldWords[locale][named] ?? readable(key);
}

function percentText(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}

/** A code's words by its field; an audit action's code (dotted, so never ambiguous) under any field. */
function codeWords(key: string, value: string, locale: AdminLocale, action?: string): string | undefined {
  const words = wordsOfField(key, action)?.[locale];
  if (words && Object.hasOwn(words, value)) return words[value];
  const actions: Record<string, string> = auditActionLabels[locale];
  return Object.hasOwn(actions, value) ? actions[value] : undefined;
}

function stringText(key: string, value: string, locale: AdminLocale, action?: string): string {
  if (TYPED.has(key)) return value;
  const words = codeWords(key, value, locale, action);
  if (words !== undefined) return words;
  if (key === 'comuna') return findCommune(value)?.nome ?? value;
  if (UUID.test(value)) return shortId(value);
  if (INSTANT.test(value)) return formatDateTime(value, locale);
  if (DAY.test(value)) return dayText(value);
  return CODE.test(value) ? readable(value) : value;
}

function numberText(key: string, value: number, locale: AdminLocale): string {
  if (key.endsWith('_centis')) return formatKreyol(value, locale);
  if (key.endsWith('_bp')) return percentText(value);
  return String(value);
}

/**
 * One value in words, whatever its shape; nested objects and lists on one line. The row's action
 * says whose statuses a `status` holds.
 */
export function valueText(key: string, value: unknown, locale: AdminLocale, action?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return fieldWords[locale][value ? 'yes' : 'no'] ?? String(value);
  if (typeof value === 'number') return numberText(key, value, locale);
  if (typeof value === 'string') return stringText(key, value, locale, action);
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => valueText(key, item, locale, action)).join('; ');
  }
  if (typeof value === 'object') {
    return entriesOf(value)
      .map(([k, v]) => `${fieldName(k, locale, action)}${colonOf(locale)}${valueText(k, v, locale, action)}`)
      .join(' · ');
  }
  return String(value);
}

function entriesOf(value: object): [string, unknown][] {
  const entries = Object.entries(value);
  // Opening hours read Monday first, as a week does, whatever order they were stored in.
  const day = (key: string) => (WEEKDAYS as readonly string[]).indexOf(key);
  return entries.every(([key]) => day(key) >= 0) ? entries.sort(([a], [b]) => day(a) - day(b)) : entries;
}

/**
 * A stored before or after as lines of "field: value", for the row's action. A list (a fee
 * table's bands) is a line per item; a lone value is one line without a field.
 */
export function changeLines(value: unknown, locale: AdminLocale, action?: string): ChangeLine[] {
  if (Array.isArray(value)) {
    const band = fieldWords[locale].band ?? '{n}';
    return value.map((item, index) => ({
      field: band.replace('{n}', String(index + 1)),
      value: valueText('', item, locale, action),
    }));
  }
  if (value !== null && typeof value === 'object') {
    return entriesOf(value).map(([key, item]) => ({
      field: fieldName(key, locale, action),
      value: valueText(key, item, locale, action),
    }));
  }
  return [{ field: '', value: valueText('', value, locale, action) }];
}

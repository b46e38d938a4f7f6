import {
  ADJUSTMENT_STATUSES,
  COMPANY_STATUSES,
  DOCUMENT_REVIEW_STATUSES,
  FREEZE_CATEGORIES,
  findCommune,
  HELP_REQUEST_STATUSES,
  HELP_SUBJECTS,
  PRODUCT_STATUSES,
  REPORT_STATUSES,
  UNFREEZE_CATEGORIES,
  WEEKDAYS,
} from '@kreyolcash/domain';
import { type AdminLocale, formatDateTime, formatKreyol } from '../i18n';

// An audit row's before and after in the operator's words. The trail stores what each action
// wrote, as JSON, and the CSV keeps it so; here each field is named, each known value translated,
// amounts, dates and ids shown as people read them, and a field or code this list does not know
// shown readably (its underscores as spaces) rather than hidden.

type Words = Record<AdminLocale, Record<string, string>>;

/** The stored values that may appear in an audit row, each with its words. */
export const AUDIT_VALUE_LISTS = [
  ADJUSTMENT_STATUSES,
  DOCUMENT_REVIEW_STATUSES,
  REPORT_STATUSES,
  HELP_REQUEST_STATUSES,
  HELP_SUBJECTS,
  COMPANY_STATUSES,
  PRODUCT_STATUSES,
  FREEZE_CATEGORIES,
  UNFREEZE_CATEGORIES,
  ['emissao', 'resgate'],
] as const;

export const valueWords: Words = {
  ht: {
    proposto: 'Pwopoze',
    aprovado: 'Apwouve',
    rejeitado: 'Refize',
    pendente: 'An atant',
    aprovada: 'Apwouve',
    rejeitada: 'Rejte',
    aberta: 'Ouvè',
    estornada: 'Anile, lajan tounen',
    reembolsada: 'Ranbousman fèt',
    liberada: 'Peman an lage',
    expirada: 'Ekspire',
    aberto: 'Ap tann',
    respondido: 'Reponn',
    fechado: 'Fèmen',
    ATIVA: 'Aktif',
    SUSPENSA: 'Sispann',
    INATIVA: 'Fèmen',
    ATIVO: 'Aktif',
    INATIVO: 'Inaktif',
    ESGOTADO: 'Fini',
    fraude_suspeita: 'Sispèk fwod',
    telefone_perdido: 'Telefòn pèdi oswa vòlè',
    verificacao_identidade: 'Verifikasyon idantite',
    outro: 'Lòt rezon',
    identidade_confirmada: 'Idantite a verifye',
    caso_resolvido: 'Pwoblèm nan rezoud',
    bloqueio_por_engano: 'Kont lan te jele pa erè',
    emissao: 'Emisyon float',
    resgate: 'Rachte float',
    conta_congelada: 'Kont jele',
    movimentacao: 'Yon mouvman',
    identidade: 'Idantite',
  },
  fr: {
    proposto: 'Proposé',
    aprovado: 'Approuvé',
    rejeitado: 'Refusé',
    pendente: 'En attente',
    aprovada: 'Approuvée',
    rejeitada: 'Rejetée',
    aberta: 'Ouverte',
    estornada: 'Annulée, argent rendu',
    reembolsada: 'Remboursement effectué',
    liberada: 'Paiement versé',
    expirada: 'Expirée',
    aberto: 'En attente',
    respondido: 'Répondu',
    fechado: 'Fermé',
    ATIVA: 'Active',
    SUSPENSA: 'Suspendue',
    INATIVA: 'Fermée',
    ATIVO: 'Actif',
    INATIVO: 'Inactif',
    ESGOTADO: 'Épuisé',
    fraude_suspeita: 'Soupçon de fraude',
    telefone_perdido: 'Téléphone perdu ou volé',
    verificacao_identidade: 'Vérification d’identité',
    outro: 'Autre motif',
    identidade_confirmada: 'Identité vérifiée',
    caso_resolvido: 'Problème résolu',
    bloqueio_por_engano: 'Compte gelé par erreur',
    emissao: 'Émission de float',
    resgate: 'Rachat de float',
    conta_congelada: 'Compte gelé',
    movimentacao: 'Un mouvement',
    identidade: 'Identité',
  },
};

/** The fields the back office's actions write into the trail. */
export const fieldWords: Words = {
  ht: {
    status: 'Eta',
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

function fieldName(key: string, locale: AdminLocale): string {
  return fieldWords[locale][key] ?? readable(key);
}

function percentText(bp: number): string {
  return `${(bp / 100).toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}

function stringText(key: string, value: string, locale: AdminLocale): string {
  if (TYPED.has(key)) return value;
  const words = valueWords[locale][value];
  if (words !== undefined) return words;
  if (key === 'comuna') return findCommune(value)?.nome ?? value;
  if (UUID.test(value)) return shortId(value);
  if (INSTANT.test(value)) return formatDateTime(value, locale);
  return CODE.test(value) ? readable(value) : value;
}

function numberText(key: string, value: number, locale: AdminLocale): string {
  if (key.endsWith('_centis')) return formatKreyol(value, locale);
  if (key.endsWith('_bp')) return percentText(value);
  return String(value);
}

/** One value in words, whatever its shape; nested objects and lists on one line. */
export function valueText(key: string, value: unknown, locale: AdminLocale): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return fieldWords[locale][value ? 'yes' : 'no'] ?? String(value);
  if (typeof value === 'number') return numberText(key, value, locale);
  if (typeof value === 'string') return stringText(key, value, locale);
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => valueText(key, item, locale)).join('; ');
  }
  if (typeof value === 'object') {
    return entriesOf(value)
      .map(([k, v]) => `${fieldName(k, locale)}${colonOf(locale)}${valueText(k, v, locale)}`)
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
 * A stored before or after as lines of "field: value". A list (a fee table's bands) is a line per
 * item; a lone value is one line without a field.
 */
export function changeLines(value: unknown, locale: AdminLocale): ChangeLine[] {
  if (Array.isArray(value)) {
    const band = fieldWords[locale].band ?? '{n}';
    return value.map((item, index) => ({
      field: band.replace('{n}', String(index + 1)),
      value: valueText('', item, locale),
    }));
  }
  if (value !== null && typeof value === 'object') {
    return entriesOf(value).map(([key, item]) => ({
      field: fieldName(key, locale),
      value: valueText(key, item, locale),
    }));
  }
  return [{ field: '', value: valueText('', value, locale) }];
}

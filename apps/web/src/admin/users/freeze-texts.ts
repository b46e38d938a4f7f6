import {
  FREEZE_CATEGORIES,
  type FreezeCategory,
  UNFREEZE_CATEGORIES,
  type UnfreezeCategory,
} from '@kreyolcash/domain';
import type { AdminTexts } from '../i18n';
import { usersTexts } from './texts';

// The freeze card's own words, over the users area's: the categories an operator picks when
// freezing or unfreezing (the person is told the category on WhatsApp; the reason stays here).

const categoriesHt: Record<FreezeCategory | `un.${UnfreezeCategory}`, string> = {
  fraude_suspeita: 'Sispèk fwod',
  telefone_perdido: 'Telefòn pèdi oswa vòlè',
  verificacao_identidade: 'Verifikasyon idantite',
  outro: 'Lòt rezon',
  'un.identidade_confirmada': 'Idantite a verifye',
  'un.caso_resolvido': 'Pwoblèm nan rezoud',
  'un.bloqueio_por_engano': 'Kont lan te jele pa erè',
  'un.outro': 'Lòt rezon',
};

const categoriesFr: typeof categoriesHt = {
  fraude_suspeita: 'Soupçon de fraude',
  telefone_perdido: 'Téléphone perdu ou volé',
  verificacao_identidade: 'Vérification d’identité',
  outro: 'Autre motif',
  'un.identidade_confirmada': 'Identité vérifiée',
  'un.caso_resolvido': 'Problème résolu',
  'un.bloqueio_por_engano': 'Compte gelé par erreur',
  'un.outro': 'Autre motif',
};

const prefixed = (texts: Record<string, string>) =>
  Object.fromEntries(Object.entries(texts).map(([key, text]) => [`freeze.category.${key}`, text]));

export const freezeTexts: AdminTexts = {
  ht: {
    ...usersTexts.ht,
    ...prefixed(categoriesHt),
    'freeze.category': 'Kategori (moun nan ap resevwa l sou WhatsApp)',
    'freeze.category_pick': 'Chwazi yon kategori',
    'freeze.category_required': 'Chwazi kategori a.',
    'freeze.category_shown': 'Kategori: {category}',
    'freeze.reason_internal': 'Rezon (pou dosye a sèlman, moun nan pa wè l)',
    'error.freeze_category_required': 'Chwazi kategori a.',
  },
  fr: {
    ...usersTexts.fr,
    ...prefixed(categoriesFr),
    'freeze.category': 'Catégorie (la personne la reçoit sur WhatsApp)',
    'freeze.category_pick': 'Choisissez une catégorie',
    'freeze.category_required': 'Choisissez la catégorie.',
    'freeze.category_shown': 'Catégorie : {category}',
    'freeze.reason_internal': 'Motif (pour le dossier seulement, la personne ne le voit pas)',
    'error.freeze_category_required': 'Choisissez la catégorie.',
  },
};

export const FREEZE_CHOICES: readonly string[] = FREEZE_CATEGORIES;
export const UNFREEZE_CHOICES: readonly string[] = UNFREEZE_CATEGORIES.map((c) => `un.${c}`);

import type { Locale, LocalizedText } from './locales.ts';

// The 13 product and service categories of spec §3, in the spec's order, under stable ids.
export const PRODUCT_CATEGORY_LABELS = {
  food: { ht: 'Manje', 'pt-BR': 'Alimentos', fr: 'Alimentation', en: 'Food' },
  drink: { ht: 'Bwason', 'pt-BR': 'Bebidas', fr: 'Boissons', en: 'Drinks' },
  clothing: { ht: 'Rad', 'pt-BR': 'Roupas', fr: 'Vêtements', en: 'Clothing' },
  shoes: { ht: 'Soulye', 'pt-BR': 'Calçados', fr: 'Chaussures', en: 'Shoes' },
  electronics: { ht: 'Elektwonik', 'pt-BR': 'Eletrônicos', fr: 'Électronique', en: 'Electronics' },
  home: { ht: 'Kay', 'pt-BR': 'Casa', fr: 'Maison', en: 'Home' },
  beauty: { ht: 'Bote', 'pt-BR': 'Beleza', fr: 'Beauté', en: 'Beauty' },
  sports: { ht: 'Espò', 'pt-BR': 'Esportes', fr: 'Sports', en: 'Sports' },
  books: { ht: 'Liv', 'pt-BR': 'Livros', fr: 'Livres', en: 'Books' },
  crafts: { ht: 'Atizana', 'pt-BR': 'Artesanato', fr: 'Artisanat', en: 'Crafts' },
  medicine: { ht: 'Medikaman', 'pt-BR': 'Medicamentos', fr: 'Médicaments', en: 'Medicine' },
  tools: { ht: 'Zouti', 'pt-BR': 'Ferramentas', fr: 'Outils', en: 'Tools' },
  others: { ht: 'Lòt', 'pt-BR': 'Outros', fr: 'Autres', en: 'Other' },
} as const satisfies Record<string, LocalizedText>;

export type ProductCategoryId = keyof typeof PRODUCT_CATEGORY_LABELS;

export const PRODUCT_CATEGORY_IDS = Object.keys(PRODUCT_CATEGORY_LABELS) as [
  ProductCategoryId,
  ...ProductCategoryId[],
];

export function isProductCategoryId(value: unknown): value is ProductCategoryId {
  return typeof value === 'string' && Object.hasOwn(PRODUCT_CATEGORY_LABELS, value);
}

export function productCategoryLabel(id: ProductCategoryId, locale: Locale): string {
  return PRODUCT_CATEGORY_LABELS[id][locale];
}

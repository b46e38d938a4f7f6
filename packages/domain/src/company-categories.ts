import type { Locale, LocalizedText } from './locales.ts';

// Company categories of spec §3, in the spec's order, under stable ASCII ids (what is stored).
//
// The spec announces 48 values but its list names 49. We keep all 49: dropping one would be a
// guess, and removing an id later breaks stored rows while adding one is free. The 28th entry
// reads "fuel" in one source and "courier" in the other; we take `courier` (delivery), which
// sits with the transport entries around it and is what marketplace sellers need. A fuel seller
// picks `other_services` until the product decides to add `fuel`.
export const COMPANY_CATEGORY_LABELS = {
  agriculture: { ht: 'Agrikilti', 'pt-BR': 'Agricultura', fr: 'Agriculture', en: 'Agriculture' },
  livestock: { ht: 'Elvaj', 'pt-BR': 'Pecuária', fr: 'Élevage', en: 'Livestock' },
  fishing: { ht: 'Lapèch', 'pt-BR': 'Pesca', fr: 'Pêche', en: 'Fishing' },
  bakery: { ht: 'Boulanjri', 'pt-BR': 'Padaria', fr: 'Boulangerie', en: 'Bakery' },
  restaurant: { ht: 'Restoran', 'pt-BR': 'Restaurante', fr: 'Restaurant', en: 'Restaurant' },
  bar: { ht: 'Ba', 'pt-BR': 'Bar', fr: 'Bar', en: 'Bar' },
  cafe: { ht: 'Kafe', 'pt-BR': 'Café', fr: 'Café', en: 'Café' },
  supermarket: { ht: 'Sipèmache', 'pt-BR': 'Supermercado', fr: 'Supermarché', en: 'Supermarket' },
  market: { ht: 'Mache', 'pt-BR': 'Feira', fr: 'Marché', en: 'Market' },
  export: { ht: 'Ekspòtasyon', 'pt-BR': 'Exportação', fr: 'Exportation', en: 'Export' },
  crafts: { ht: 'Atizana', 'pt-BR': 'Artesanato', fr: 'Artisanat', en: 'Crafts' },
  art: { ht: 'Atizay', 'pt-BR': 'Arte', fr: 'Art', en: 'Art' },
  music: { ht: 'Mizik', 'pt-BR': 'Música', fr: 'Musique', en: 'Music' },
  dance: { ht: 'Dans', 'pt-BR': 'Dança', fr: 'Danse', en: 'Dance' },
  sculpture: { ht: 'Eskilti', 'pt-BR': 'Escultura', fr: 'Sculpture', en: 'Sculpture' },
  basketry: { ht: 'Vànri', 'pt-BR': 'Cestaria', fr: 'Vannerie', en: 'Basketry' },
  ceramics: { ht: 'Seramik', 'pt-BR': 'Cerâmica', fr: 'Céramique', en: 'Ceramics' },
  jewelry: { ht: 'Bijou', 'pt-BR': 'Joalheria', fr: 'Bijouterie', en: 'Jewelry' },
  clothing: { ht: 'Rad', 'pt-BR': 'Roupas', fr: 'Vêtements', en: 'Clothing' },
  shoes: { ht: 'Soulye', 'pt-BR': 'Calçados', fr: 'Chaussures', en: 'Shoes' },
  beauty_salon: { ht: 'Salon bote', 'pt-BR': 'Salão de beleza', fr: 'Salon de beauté', en: 'Beauty salon' },
  barbershop: { ht: 'Babèchop', 'pt-BR': 'Barbearia', fr: 'Barbier', en: 'Barbershop' },
  sewing: { ht: 'Koutiryè', 'pt-BR': 'Costura', fr: 'Couture', en: 'Tailoring' },
  laundry: { ht: 'Lesiv ak dray', 'pt-BR': 'Lavanderia', fr: 'Blanchisserie', en: 'Laundry' },
  public_transport: {
    ht: 'Transpò piblik',
    'pt-BR': 'Transporte público',
    fr: 'Transport public',
    en: 'Public transport',
  },
  moto_taxi: { ht: 'Taksi moto', 'pt-BR': 'Mototáxi', fr: 'Moto-taxi', en: 'Motorcycle taxi' },
  freight: { ht: 'Transpò machandiz', 'pt-BR': 'Frete', fr: 'Fret', en: 'Freight' },
  courier: { ht: 'Kourye ak livrezon', 'pt-BR': 'Entregas', fr: 'Coursier', en: 'Courier and delivery' },
  mechanics: { ht: 'Mekanik', 'pt-BR': 'Mecânica', fr: 'Mécanique', en: 'Mechanics' },
  pharmacy: { ht: 'Famasi', 'pt-BR': 'Farmácia', fr: 'Pharmacie', en: 'Pharmacy' },
  clinic: { ht: 'Klinik', 'pt-BR': 'Clínica', fr: 'Clinique', en: 'Clinic' },
  traditional_medicine: {
    ht: 'Medsin tradisyonèl',
    'pt-BR': 'Medicina tradicional',
    fr: 'Médecine traditionnelle',
    en: 'Traditional medicine',
  },
  physiotherapy: { ht: 'Fizyoterapi', 'pt-BR': 'Fisioterapia', fr: 'Physiothérapie', en: 'Physiotherapy' },
  dentistry: { ht: 'Dantis', 'pt-BR': 'Odontologia', fr: 'Dentisterie', en: 'Dentistry' },
  school: { ht: 'Lekòl', 'pt-BR': 'Escola', fr: 'École', en: 'School' },
  languages: { ht: 'Kou lang', 'pt-BR': 'Idiomas', fr: 'Langues', en: 'Languages' },
  professional_courses: {
    ht: 'Fòmasyon pwofesyonèl',
    'pt-BR': 'Cursos profissionalizantes',
    fr: 'Formation professionnelle',
    en: 'Professional courses',
  },
  childcare: { ht: 'Gadri', 'pt-BR': 'Creche', fr: 'Garderie', en: 'Childcare' },
  religious_services: {
    ht: 'Sèvis relijye',
    'pt-BR': 'Serviços religiosos',
    fr: 'Services religieux',
    en: 'Religious services',
  },
  telecom: { ht: 'Telekominikasyon', 'pt-BR': 'Telecomunicações', fr: 'Télécommunications', en: 'Telecom' },
  electronics_repair: {
    ht: 'Reparasyon aparèy elektwonik',
    'pt-BR': 'Conserto de eletrônicos',
    fr: 'Réparation électronique',
    en: 'Electronics repair',
  },
  computing: { ht: 'Enfòmatik', 'pt-BR': 'Informática', fr: 'Informatique', en: 'Computing' },
  photography: { ht: 'Fotografi', 'pt-BR': 'Fotografia', fr: 'Photographie', en: 'Photography' },
  construction: { ht: 'Konstriksyon', 'pt-BR': 'Construção', fr: 'Construction', en: 'Construction' },
  construction_materials: {
    ht: 'Materyo konstriksyon',
    'pt-BR': 'Materiais de construção',
    fr: 'Matériaux de construction',
    en: 'Construction materials',
  },
  furniture: { ht: 'Mèb', 'pt-BR': 'Móveis', fr: 'Meubles', en: 'Furniture' },
  electrician: { ht: 'Elektrisyen', 'pt-BR': 'Eletricista', fr: 'Électricien', en: 'Electrician' },
  plumber: { ht: 'Plonbye', 'pt-BR': 'Encanador', fr: 'Plombier', en: 'Plumber' },
  other_services: {
    ht: 'Lòt sèvis',
    'pt-BR': 'Outros serviços',
    fr: 'Autres services',
    en: 'Other services',
  },
} as const satisfies Record<string, LocalizedText>;

export type CompanyCategoryId = keyof typeof COMPANY_CATEGORY_LABELS;

// Object keys keep their insertion order, so this is the spec's order (for drop-downs).
export const COMPANY_CATEGORY_IDS = Object.keys(COMPANY_CATEGORY_LABELS) as [
  CompanyCategoryId,
  ...CompanyCategoryId[],
];

export function isCompanyCategoryId(value: unknown): value is CompanyCategoryId {
  return typeof value === 'string' && Object.hasOwn(COMPANY_CATEGORY_LABELS, value);
}

export function companyCategoryLabel(id: CompanyCategoryId, locale: Locale): string {
  return COMPANY_CATEGORY_LABELS[id][locale];
}

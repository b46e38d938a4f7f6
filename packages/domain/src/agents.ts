import { HAITI_TIME_ZONE } from './constants.ts';
import { WEEKDAYS, type Weekday } from './support.ts';

// Agents: people who change cash for ₭ and back in a shop (docs/agents.md). Where they are (a
// commune from the closed list below) and when they are open (hours per weekday, in Haiti's time).

// Haiti's 10 departments and their 140 communes, by their official French names. The code people
// and the API use is the name without accents, lower case, words joined by hyphens
// (communeCode): one per commune, unique across the country.
const DEPARTMENTS = [
  {
    codigo: 'artibonite',
    nome: 'Artibonite',
    comunas: [
      'Gonaïves',
      'Ennery',
      "L'Estère",
      'Gros-Morne',
      'Anse-Rouge',
      'Terre-Neuve',
      'Marmelade',
      "Saint-Michel-de-l'Attalaye",
      'Saint-Marc',
      'Verrettes',
      'La Chapelle',
      'Dessalines',
      'Desdunes',
      'Grande-Saline',
      "Petite-Rivière-de-l'Artibonite",
    ],
  },
  {
    codigo: 'centre',
    nome: 'Centre',
    comunas: [
      'Hinche',
      'Maïssade',
      'Thomonde',
      'Cerca-Carvajal',
      'Mirebalais',
      "Saut-d'Eau",
      'Boucan-Carré',
      'Lascahobas',
      'Belladère',
      'Savanette',
      'Cerca-la-Source',
      'Thomassique',
    ],
  },
  {
    codigo: 'grand-anse',
    nome: "Grand'Anse",
    comunas: [
      'Jérémie',
      'Abricots',
      'Bonbon',
      'Chambellan',
      'Moron',
      "Anse-d'Hainault",
      'Dame-Marie',
      'Les Irois',
      'Corail',
      'Roseaux',
      'Beaumont',
      'Pestel',
    ],
  },
  {
    codigo: 'nippes',
    nome: 'Nippes',
    comunas: [
      'Miragoâne',
      'Petite-Rivière-de-Nippes',
      'Fonds-des-Nègres',
      'Paillant',
      'Anse-à-Veau',
      'Arnaud',
      "L'Asile",
      'Petit-Trou-de-Nippes',
      'Plaisance-du-Sud',
      'Baradères',
      'Grand-Boucan',
    ],
  },
  {
    codigo: 'nord',
    nome: 'Nord',
    comunas: [
      'Cap-Haïtien',
      'Limonade',
      'Quartier-Morin',
      'Acul-du-Nord',
      'Plaine-du-Nord',
      'Milot',
      'Grande-Rivière-du-Nord',
      'Bahon',
      'Borgne',
      'Port-Margot',
      'Limbé',
      'Bas-Limbé',
      'Plaisance',
      'Pilate',
      'Saint-Raphaël',
      'Dondon',
      'Ranquitte',
      'Pignon',
      'La Victoire',
    ],
  },
  {
    codigo: 'nord-est',
    nome: 'Nord-Est',
    comunas: [
      'Fort-Liberté',
      'Perches',
      'Ferrier',
      'Ouanaminthe',
      'Capotille',
      'Mont-Organisé',
      'Trou-du-Nord',
      'Caracol',
      'Sainte-Suzanne',
      'Terrier-Rouge',
      'Vallières',
      'Carice',
      'Mombin-Crochu',
    ],
  },
  {
    codigo: 'nord-ouest',
    nome: 'Nord-Ouest',
    comunas: [
      'Port-de-Paix',
      'La Tortue',
      'Bassin-Bleu',
      'Chansolme',
      'Saint-Louis-du-Nord',
      'Anse-à-Foleur',
      'Môle-Saint-Nicolas',
      'Baie-de-Henne',
      'Bombardopolis',
      'Jean-Rabel',
    ],
  },
  {
    codigo: 'ouest',
    nome: 'Ouest',
    comunas: [
      'Port-au-Prince',
      'Delmas',
      'Carrefour',
      'Pétion-Ville',
      'Kenscoff',
      'Gressier',
      'Cité Soleil',
      'Tabarre',
      'Arcahaie',
      'Cabaret',
      'Croix-des-Bouquets',
      'Thomazeau',
      'Ganthier',
      'Cornillon',
      'Fonds-Verrettes',
      'Anse-à-Galets',
      'Pointe-à-Raquette',
      'Léogâne',
      'Petit-Goâve',
      'Grand-Goâve',
    ],
  },
  {
    codigo: 'sud',
    nome: 'Sud',
    comunas: [
      'Les Cayes',
      'Camp-Perrin',
      'Maniche',
      'Île-à-Vache',
      'Torbeck',
      'Chantal',
      'Aquin',
      'Saint-Louis-du-Sud',
      'Cavaillon',
      'Côteaux',
      'Port-à-Piment',
      'Roche-à-Bateau',
      'Chardonnières',
      'Les Anglais',
      'Tiburon',
      'Port-Salut',
      'Saint-Jean-du-Sud',
      'Arniquet',
    ],
  },
  {
    codigo: 'sud-est',
    nome: 'Sud-Est',
    comunas: [
      'Jacmel',
      'Marigot',
      'Cayes-Jacmel',
      'La Vallée-de-Jacmel',
      'Bainet',
      'Côtes-de-Fer',
      'Belle-Anse',
      'Grand-Gosier',
      'Thiotte',
      'Anse-à-Pitres',
    ],
  },
] as const;

export type Department = { codigo: string; nome: string };
export type Commune = { codigo: string; nome: string; departamento: string };

/** `Saint-Michel-de-l'Attalaye` → `saint-michel-de-l-attalaye`. */
export function communeCode(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const HAITI_DEPARTMENTS: readonly Department[] = DEPARTMENTS.map(({ codigo, nome }) => ({
  codigo,
  nome,
}));

/** Every commune of Haiti, department by department. */
export const HAITI_COMMUNES: readonly Commune[] = DEPARTMENTS.flatMap((d) =>
  d.comunas.map((nome) => ({ codigo: communeCode(nome), nome, departamento: d.codigo })),
);

const COMMUNES_BY_CODE: ReadonlyMap<string, Commune> = new Map(HAITI_COMMUNES.map((c) => [c.codigo, c]));

export function findCommune(code: string): Commune | undefined {
  return COMMUNES_BY_CODE.get(code);
}

export function isCommune(code: unknown): code is string {
  return typeof code === 'string' && COMMUNES_BY_CODE.has(code);
}

// Opening hours: for each weekday, the intervals the agent is open in (none: closed that day),
// each from `abre` (open from that minute) to `fecha` (closed from that minute), HH:MM in Haiti's
// time. An interval never crosses midnight: a shop open from 20:00 to 02:00 has 20:00-24:00 on one
// day and 00:00-02:00 on the next. Within a day the intervals are in order and do not overlap.
export type AgentInterval = { abre: string; fecha: string };
export type AgentHours = Record<Weekday, AgentInterval[]>;

/** The most intervals in one day: a lunch break or two, not a timetable. */
export const AGENT_INTERVALS_PER_DAY_MAX = 4;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of `HH:MM` (and of `24:00`, the end of the day, as a closing time only). */
function minutesOf(text: string, closing: boolean): number | null {
  if (closing && text === '24:00') return 24 * 60;
  const match = HH_MM.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/**
 * Whether the hours are well formed: every weekday present, each interval HH:MM to a later HH:MM
 * (24:00 allowed as a close), in order and apart, at most AGENT_INTERVALS_PER_DAY_MAX a day.
 */
export function isValidAgentHours(hours: Record<string, readonly AgentInterval[] | undefined>): boolean {
  const days = Object.keys(hours);
  if (days.length !== WEEKDAYS.length || !WEEKDAYS.every((d) => Array.isArray(hours[d]))) return false;
  return WEEKDAYS.every((day) => {
    const intervals = hours[day] ?? [];
    if (intervals.length > AGENT_INTERVALS_PER_DAY_MAX) return false;
    let previousClose = -1;
    for (const { abre, fecha } of intervals) {
      const opens = minutesOf(abre, false);
      const closes = minutesOf(fecha, true);
      if (opens === null || closes === null || opens >= closes || opens < previousClose) return false;
      previousClose = closes;
    }
    return true;
  });
}

const HAITI_CLOCK = new Intl.DateTimeFormat('en-US', {
  timeZone: HAITI_TIME_ZONE,
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The weekday and minute of the day of an instant, in Haiti's time. */
export function haitiWeekMinute(at: Date): { day: Weekday; minute: number } {
  const parts = Object.fromEntries(HAITI_CLOCK.formatToParts(at).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday;
  return { day, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether an agent with these hours is open at the instant `at` (open at `abre`, closed at `fecha`). */
export function isAgentOpenAt(hours: AgentHours, at: Date): boolean {
  const { day, minute } = haitiWeekMinute(at);
  return (hours[day] ?? []).some(({ abre, fecha }) => {
    const opens = minutesOf(abre, false);
    const closes = minutesOf(fecha, true);
    return opens !== null && closes !== null && minute >= opens && minute < closes;
  });
}

/** The agent number people type: 5 digits, given in order from 10001 (migration 0013). */
export const AGENT_NUMBER = /^[1-9]\d{4}$/;

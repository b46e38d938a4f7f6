import type { AgentsSetting } from '@/lib/features';

// The legal pages are prerendered without knowing the agents' setting, so they hold the text of
// both. In their JSON a paragraph or an item is a text, true in either setting, or
// `{ "when": "agents" | "noAgents", "text": … }`, true in one; a whole section may carry `when` too.

export type LegalText = string | { when: AgentsSetting; text: string };

export type LegalSection = {
  title: string;
  when?: AgentsSetting;
  paragraphs: readonly LegalText[];
  items: readonly LegalText[];
};

const SETTINGS: readonly AgentsSetting[] = ['agents', 'noAgents'];

/** The text and the one setting it is true in (none: true in both). */
export function partsOf(entry: LegalText): { text: string; when?: AgentsSetting } {
  if (typeof entry === 'string') return { text: entry };
  if (!SETTINGS.includes(entry.when)) throw new Error(`legal text for an unknown setting: ${entry.when}`);
  return entry;
}

export type NumberedSection = LegalSection & { numbers: Record<AgentsSetting, number> };

/**
 * Each section with its number in each setting: a section of one setting is not counted in the
 * other, so the sections after it are numbered apart.
 */
export function numberedSections(sections: readonly LegalSection[]): NumberedSection[] {
  const counted = { agents: 0, noAgents: 0 };
  return sections.map((section) => {
    if (section.when !== undefined && !SETTINGS.includes(section.when))
      throw new Error(`legal section for an unknown setting: ${section.when}`);
    for (const setting of SETTINGS)
      if (section.when === undefined || section.when === setting) counted[setting] += 1;
    return { ...section, numbers: { ...counted } };
  });
}

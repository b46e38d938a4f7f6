import { describe, expect, it } from 'vitest';
import { type LegalSection, numberedSections, partsOf } from './legal-texts';

const bundles = import.meta.glob<{
  terms: { sections: LegalSection[] };
  privacy: { sections: LegalSection[] };
}>('../../i18n/legal/*.json', { eager: true, import: 'default' });

const section = (title: string, when?: LegalSection['when']): LegalSection => ({
  title,
  when,
  paragraphs: [],
  items: [],
});

describe('the legal texts of both settings', () => {
  it('number the sections of each setting on their own', () => {
    const numbers = numberedSections([
      section('a'),
      section('agents', 'agents'),
      section('b'),
      section('c', 'noAgents'),
      section('d'),
    ]).map((numbered) => numbered.numbers);
    expect(numbers).toEqual([
      { agents: 1, noAgents: 1 },
      { agents: 2, noAgents: 1 },
      { agents: 3, noAgents: 2 },
      { agents: 3, noAgents: 3 },
      { agents: 4, noAgents: 4 },
    ]);
  });

  it('read a text of one setting, and refuse a setting that does not exist', () => {
    expect(partsOf('both')).toEqual({ text: 'both' });
    expect(partsOf({ when: 'noAgents', text: 'off' })).toEqual({ when: 'noAgents', text: 'off' });
    expect(() => partsOf({ when: 'agent' as 'agents', text: 'typo' })).toThrow(/unknown setting/);
    expect(() => numberedSections([section('typo', 'on' as 'agents')])).toThrow(/unknown setting/);
  });

  it.each(Object.entries(bundles))(
    '%s: every text names a real setting, and each setting has the terms’ cash-out rule',
    (_file, bundle) => {
      for (const document of [bundle.terms, bundle.privacy]) {
        numberedSections(document.sections);
        for (const { paragraphs, items } of document.sections)
          for (const entry of [...paragraphs, ...items]) partsOf(entry);
      }
      const settingsOf = (entries: LegalSection['items']) => entries.map(partsOf).map((part) => part.when);
      // The section on ₭ says, for each setting, whether it can be changed for cash.
      const money = bundle.terms.sections[1];
      expect(settingsOf(money?.items ?? []).slice(0, 2)).toEqual(['noAgents', 'agents']);
      expect(bundle.terms.sections.filter((candidate) => candidate.when === 'agents')).toHaveLength(1);
    },
  );
});

import { useTranslation } from '@/lib/i18n';

/**
 * The password pages keep the product's Portuguese texts (spec §5, §8) in the Creole interface:
 * their content is then marked as Portuguese, so screen readers pronounce it right.
 */
export function useSpecTextLanguage(): string | undefined {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'ht' ? 'pt-BR' : undefined;
}

import {
  companyCategoryLabel,
  DEFAULT_LOCALE,
  isCompanyCategoryId,
  isLocale,
  isProductCategoryId,
  type Locale,
  productCategoryLabel,
} from '@kreyolcash/domain';
import { useTranslation } from '@/lib/i18n';

/**
 * Category labels in the interface's language. An id this build does not know (a newer server's)
 * shows as it is rather than breaking the card.
 */
export function useCategoryLabels() {
  const { i18n } = useTranslation();
  const locale: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LOCALE;
  return {
    locale,
    company: (id: string) => (isCompanyCategoryId(id) ? companyCategoryLabel(id, locale) : id),
    product: (id: string) => (isProductCategoryId(id) ? productCategoryLabel(id, locale) : id),
  };
}

import { TextLink } from '@/components/ui/text-link';
import { useTranslation } from '@/lib/i18n';

/** The links to the terms and the privacy policy, at the foot of the screens before sign-in. */
export function LegalLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('landing.legalLinks')} className="flex flex-wrap justify-center gap-x-6 text-sm">
      <TextLink to="/terms-of-service" tone="muted">
        {t('legal.termsTitle')}
      </TextLink>
      <TextLink to="/privacy-policy" tone="muted">
        {t('legal.privacyTitle')}
      </TextLink>
    </nav>
  );
}

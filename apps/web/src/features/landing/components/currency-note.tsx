import { settingClass } from '@/lib/features';
import { useTranslation } from '@/lib/i18n';

const noteStyle = 'mt-4 rounded-2xl bg-primary-50 px-4 py-3 text-sm leading-relaxed text-primary-900';

/**
 * What ₭ is, true for the page's setting: with agents, it changes for cash at them; without, it
 * lives only in the app. Both are drawn (the landing is prerendered without knowing the setting);
 * the stylesheet shows one.
 */
export function CurrencyNote() {
  const { t } = useTranslation();
  return (
    <>
      <p className={`${noteStyle} ${settingClass.agents}`}>{t('landing.currencyNoteAgents')}</p>
      <p className={`${noteStyle} ${settingClass.noAgents}`}>{t('landing.currencyNote')}</p>
    </>
  );
}

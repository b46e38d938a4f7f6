import { useId } from 'react';
import { cn } from '@/lib/cn';
import {
  changeLanguage,
  isLanguage,
  type Language,
  languageNames,
  languages,
  useTranslation,
} from '@/lib/i18n';

type LanguageSwitcherProps = {
  tone?: 'light' | 'dark';
  className?: string;
  /** Told of the user's choice (the settings store it for the account). */
  onChange?: (language: Language) => void;
};

// A native <select>: on a cheap Android phone it opens the system picker, costs no JavaScript
// and is accessible without extra work.
export function LanguageSwitcher({ tone = 'light', className, onChange }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ht';

  return (
    <div className={cn('flex items-center', className)}>
      <label htmlFor={id} className="sr-only">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          // Told once the texts are there, so that what it says (a toast) is in the new language.
          void changeLanguage(next).then(() => onChange?.(next));
        }}
        className={cn(
          'min-h-11 cursor-pointer rounded-xl border px-3 text-base font-medium',
          tone === 'dark'
            ? 'border-white/40 bg-primary-800 text-white'
            : 'border-slate-300 bg-white text-slate-900',
        )}
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

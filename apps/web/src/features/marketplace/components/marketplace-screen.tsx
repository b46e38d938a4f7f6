import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';

type MarketplaceScreenProps = {
  title: ReactNode;
  /** A line under the title (the company's name on "Kreye Sèvis"). */
  subtitle?: ReactNode;
  /** Where the header's back arrow leads (spec §2: a fixed screen, not history). */
  backTo: string;
  /** Language of the title when it differs from the page's (the spec's Portuguese texts). */
  titleLang?: string;
  children: ReactNode;
};

/** The frame of the marketplace screens: a back arrow and the title, then the content. */
export function MarketplaceScreen({ title, subtitle, backTo, titleLang, children }: MarketplaceScreenProps) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-md items-center gap-2 px-2 py-2">
          <Link
            to={backTo}
            aria-label={t('common.back')}
            className="grid size-11 shrink-0 place-items-center rounded-xl text-primary-800 hover:bg-primary-50"
          >
            <ArrowLeft aria-hidden="true" className="size-6" />
          </Link>
          <div className="min-w-0 flex-1">
            <h1
              lang={titleLang}
              className="line-clamp-2 text-xl leading-tight font-bold break-words text-slate-900"
            >
              {title}
            </h1>
            {subtitle ? <p className="truncate text-sm text-slate-600">{subtitle}</p> : null}
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-4 pb-10">{children}</main>
    </div>
  );
}

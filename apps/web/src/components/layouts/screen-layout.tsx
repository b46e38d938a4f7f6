import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type ScreenLayoutProps = {
  title: ReactNode;
  /** Where the header's back arrow leads (spec §2 names a fixed screen, not history). */
  backTo: string;
  backLabel: string;
  /** An icon button at the header's right end (the profile's settings button). */
  action?: ReactNode;
  children: ReactNode;
};

const headerButton =
  'grid size-11 shrink-0 place-items-center rounded-xl text-primary-800 hover:bg-primary-50 active:bg-primary-100';

/** A signed-in screen: a sticky header with the back arrow, the title and an optional action. */
export function ScreenLayout({ title, backTo, backLabel, action, children }: ScreenLayoutProps) {
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-md items-center gap-2 px-2 py-1.5">
          <Link to={backTo} aria-label={backLabel} className={headerButton}>
            <ArrowLeft aria-hidden="true" className="size-6" />
          </Link>
          <h1 className="min-w-0 flex-1 truncate text-xl font-bold text-slate-900">{title}</h1>
          {action}
        </div>
      </header>
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-4 pb-10">{children}</main>
    </div>
  );
}

/** A header action that is a link (an icon with an accessible name). */
export function ScreenHeaderLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Link to={to} aria-label={label} className={headerButton}>
      {icon}
    </Link>
  );
}

import type { ReactNode } from 'react';

/** A back-office section's title and what it is for, with what the section offers to do beside them. */
export function SectionHeader({
  title,
  intro,
  action,
}: {
  title: string;
  intro: string;
  action?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-xl font-bold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {action}
    </header>
  );
}

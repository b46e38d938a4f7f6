import type { ReactNode } from 'react';

/** One labelled value of a details list (<dl>). */
export function DetailItem({ label, children, big }: { label: string; children: ReactNode; big?: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={big ? 'text-2xl font-bold text-primary-800' : 'font-medium break-words'}>{children}</dd>
    </div>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type StatusPanelProps = {
  tone: 'success' | 'error' | 'info';
  icon: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  children?: ReactNode;
};

const tones = {
  success: 'bg-emerald-50 text-emerald-700',
  error: 'bg-accent-50 text-accent-600',
  info: 'bg-primary-50 text-primary-700',
} as const;

/** One outcome in the middle of a screen: an icon, a title, a sentence and what to do next. */
export function StatusPanel({ tone, icon, title, body, children }: StatusPanelProps) {
  return (
    <section className="mt-8 flex flex-col items-center gap-3 text-center" aria-live="polite">
      <div className={cn('grid size-20 place-items-center rounded-full', tones[tone])}>{icon}</div>
      <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
      {body ? <p className="max-w-sm text-base text-slate-700">{body}</p> : null}
      {children ? <div className="mt-4 flex w-full flex-col gap-3">{children}</div> : null}
    </section>
  );
}

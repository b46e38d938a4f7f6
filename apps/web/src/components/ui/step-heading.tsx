import type { ReactNode } from 'react';

/** A step's title; focusable, so the wizard can move the focus to it when the step changes. */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 tabIndex={-1} data-step-heading className="text-xl font-bold text-slate-900 focus:outline-none">
      {children}
    </h2>
  );
}

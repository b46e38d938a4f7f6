import type { ReactNode } from 'react';

/**
 * A step's title; focusable, so the wizard can move the focus to it when the step changes. The id
 * lets the step's form or section take it as its name.
 */
export function StepHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2
      id={id}
      tabIndex={-1}
      data-step-heading
      className="text-xl font-bold text-slate-900 focus:outline-none"
    >
      {children}
    </h2>
  );
}

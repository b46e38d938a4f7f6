import { Hourglass } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonStyles } from './button';
import { Spinner } from './spinner';

type HeldMoneyCardProps = {
  title: string;
  body: ReactNode;
  enter: { label: string } & ({ to: string } | { onClick: () => void });
  cancel: { label: string; busyLabel: string; isBusy: boolean; onClick: () => void };
};

/**
 * Money held for a code (a transfer or a purchase waiting for it): what is held, and the two ways
 * out that always exist — enter the code, or cancel and release the money at once.
 */
export function HeldMoneyCard({ title, body, enter, cancel }: HeldMoneyCardProps) {
  const enterStyle = buttonStyles({ variant: 'secondary', size: 'lg' });
  return (
    <section
      aria-label={title}
      data-testid="held-money"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="flex items-start gap-3">
        <Hourglass aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-lg font-bold text-slate-900">{title}</h2>
          <p className="text-base break-words text-slate-800">{body}</p>
        </div>
      </div>
      {'to' in enter ? (
        <Link to={enter.to} className={enterStyle}>
          {enter.label}
        </Link>
      ) : (
        <Button variant="secondary" size="lg" onClick={enter.onClick} disabled={cancel.isBusy}>
          {enter.label}
        </Button>
      )}
      <Button variant="outline" size="lg" onClick={cancel.onClick} disabled={cancel.isBusy}>
        {cancel.isBusy ? <Spinner /> : null}
        {cancel.isBusy ? cancel.busyLabel : cancel.label}
      </Button>
    </section>
  );
}

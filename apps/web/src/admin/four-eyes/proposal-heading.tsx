import { cn } from '@/lib/cn';
import { formatKreyol, useAdminLocale } from '../i18n';

/** What a proposal is about, and its signed amount: green when money comes in, red when it goes. */
export function ProposalHeading(p: {
  title: string;
  subtitle: string;
  centis: number;
  amountTestId?: string;
}) {
  const { locale } = useAdminLocale();
  return (
    <div className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{p.title}</p>
        <p className="text-sm break-words text-slate-600">{p.subtitle}</p>
      </div>
      <span
        className={cn(
          'text-lg font-bold whitespace-nowrap tabular-nums',
          p.centis > 0 ? 'text-emerald-700' : 'text-accent-700',
        )}
        data-testid={p.amountTestId}
      >
        {p.centis > 0 ? '+' : ''}
        {formatKreyol(p.centis, locale)}
      </span>
    </div>
  );
}

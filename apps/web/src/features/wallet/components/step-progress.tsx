import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';

/** "Etap 2/4" and one segment per step, the reached ones filled. */
export function StepProgress({ current, total }: { current: number; total: number }) {
  const { t } = useTranslation('wallet');
  const label = t('common.progress', { current, total });
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-semibold text-primary-700" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        className="flex gap-1"
      >
        {Array.from({ length: total }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the segments are positions, never reordered
            key={index}
            className={cn('h-1.5 flex-1 rounded-full', index < current ? 'bg-primary-700' : 'bg-slate-200')}
          />
        ))}
      </div>
    </div>
  );
}

import { cn } from '@/lib/cn';

type StepProgressProps = {
  current: number;
  total: number;
  /** The wizard's own words for where the user is ("Etap 3/9"): shown, and the bar's name. */
  label: string;
};

/** A wizard's progress: its label and one segment per step, the reached ones filled. */
export function StepProgress({ current, total, label }: StepProgressProps) {
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

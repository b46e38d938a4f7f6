import { cn } from '@/lib/cn';

type KindChoiceProps<K extends string> = {
  legend: string;
  kinds: readonly K[];
  label: (kind: K) => string;
  value: K;
  onChange: (kind: K) => void;
  /** Short labels sit side by side; long ones each take the whole width. */
  columns: 1 | 2;
};

/** Which kind of proposal: one radio a kind, the chosen one marked. */
export function KindChoice<K extends string>({
  legend,
  kinds,
  label,
  value,
  onChange,
  columns,
}: KindChoiceProps<K>) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-base font-semibold text-slate-800">{legend}</legend>
      <div className={cn('grid gap-2', columns === 2 && 'grid-cols-2')}>
        {kinds.map((kind) => (
          <label
            key={kind}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border px-3 py-2 text-sm font-semibold',
              value === kind
                ? 'border-primary-700 bg-primary-50 text-primary-900'
                : 'border-slate-300 bg-white',
            )}
          >
            <input
              type="radio"
              name="kind"
              value={kind}
              checked={value === kind}
              onChange={() => onChange(kind)}
            />
            {label(kind)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

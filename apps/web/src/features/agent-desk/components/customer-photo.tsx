import { UserRound } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

const sizes = { lg: 'size-32', md: 'size-24' } as const;

/**
 * The customer's face, large: the agent compares it with the person at the counter before paying.
 * Without a photo, the agent is told to check a document instead.
 */
export function CustomerPhoto({
  name,
  photoUrl,
  size = 'lg',
}: {
  name: string;
  photoUrl: string | null;
  size?: keyof typeof sizes;
}) {
  const { t } = useTranslation('desk');
  if (photoUrl) {
    return (
      <img
        src={photoUrl}
        alt={t('cashIn.photoOf', { name })}
        className={cn(sizes[size], 'shrink-0 rounded-2xl border border-slate-200 bg-slate-100 object-cover')}
      />
    );
  }
  return (
    <div
      className={cn(
        sizes[size],
        'flex shrink-0 flex-col items-center justify-center gap-1 rounded-2xl bg-slate-100 p-2 text-center',
      )}
    >
      <UserRound aria-hidden="true" className="size-10 text-slate-500" />
      <p className="text-xs font-semibold text-slate-700">{t('cashIn.noPhoto')}</p>
    </div>
  );
}

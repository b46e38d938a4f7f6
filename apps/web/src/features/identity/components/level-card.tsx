import type { Identity } from '@kreyolcash/domain';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

const LEVELS = [0, 1, 2] as const;

/** The account's level, and the three steps that lead to level 2. */
export function LevelCard({ nivel }: { nivel: Identity['nivel'] }) {
  const { t } = useTranslation('identity');
  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900">{t('level.title')}</h2>
        <strong className="text-2xl font-bold text-primary-800" data-testid="identity-level">
          {t('level.current', { level: nivel })}
        </strong>
      </div>
      <ol className="flex flex-col gap-2">
        {LEVELS.map((level) => {
          const reached = level <= nivel;
          const Icon = reached ? CheckCircle2 : Circle;
          return (
            <li key={level} className="flex items-center gap-2 text-base">
              <Icon
                aria-hidden="true"
                className={reached ? 'size-5 shrink-0 text-emerald-600' : 'size-5 shrink-0 text-slate-400'}
              />
              <span className={reached ? 'text-slate-900' : 'text-slate-600'}>
                {t(`level.steps.${level}`)}
              </span>
              <span className="sr-only">({reached ? t('level.reached') : t('level.notReached')})</span>
            </li>
          );
        })}
      </ol>
      <Link to="/limits" className={buttonStyles({ variant: 'outline' })}>
        {t('level.limits')}
      </Link>
    </Card>
  );
}

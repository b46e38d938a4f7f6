import { formatDate, type ReferralPage, type ReferralStatus } from '@kreyolcash/domain';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

const statusStyles: Record<ReferralStatus, string> = {
  sent: 'bg-slate-100 text-slate-700',
  joined: 'bg-primary-50 text-primary-800',
  bonus_paid: 'bg-emerald-50 text-emerald-800',
};

type ReferralListProps = { referrals: UseInfiniteQueryResult<InfiniteData<ReferralPage>> };

/** The user's invitations, newest first, each with its status (sent, joined, bonus paid) and date. */
export function ReferralList({ referrals }: ReferralListProps) {
  const { t } = useTranslation('account');
  const items = referrals.data?.pages.flatMap((page) => page.items);

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-slate-900">{t('referrals.list.title')}</h2>
      {items === undefined ? (
        referrals.isError ? (
          <p className="text-base text-accent-700">{t('referrals.list.loadError')}</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        )
      ) : items.length === 0 ? (
        <p className="text-base text-slate-600">{t('referrals.list.empty')}</p>
      ) : (
        <ul className="-mx-5 divide-y divide-slate-100 border-t border-slate-100">
          {items.map((referral) => (
            <li key={referral.id} className="flex items-center gap-3 px-5 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-base font-semibold break-words text-slate-900">{referral.nome}</p>
                <p className="flex flex-wrap gap-x-2 text-sm text-slate-600 tabular-nums">
                  {referral.telefone ? <span>{referral.telefone}</span> : null}
                  <span>{formatDate(referral.criado_em)}</span>
                </p>
              </div>
              <span
                className={cn(
                  'shrink-0 rounded-full px-2.5 py-1 text-sm font-semibold',
                  statusStyles[referral.status],
                )}
              >
                {t(`referrals.list.status.${referral.status}`)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {referrals.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void referrals.fetchNextPage()}
          disabled={referrals.isFetchingNextPage}
        >
          {referrals.isFetchingNextPage ? <Spinner /> : null}
          {t('referrals.list.more')}
        </Button>
      ) : null}
    </Card>
  );
}

import { Gift } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { useInviter } from '../api/get-inviter';

/** "Marie envite w": the sign-up opened from an invitation link says who sent it (first name only). */
export function InvitedBy({ code }: { code: string | undefined }) {
  const { t } = useTranslation('screens');
  const inviter = useInviter(code);
  if (!inviter.data) return null;
  return (
    <p
      data-testid="invited-by"
      className="mt-4 flex items-center gap-3 rounded-2xl border border-primary-200 bg-primary-50 px-4 py-3 text-base font-medium text-primary-900"
    >
      <Gift aria-hidden="true" className="size-6 shrink-0 text-primary-700" />
      {t('register.invitedBy', { name: inviter.data.nome })}
    </p>
  );
}

import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorCodeOf } from '../api';
import { type AdminTexts, useAdminText } from '../i18n';

type ProposeCardProps = {
  texts: AdminTexts;
  testId: string;
  /** The proposal's mutation: its refusal is said above the button, which waits for it. */
  proposal: { error: unknown; isPending: boolean };
  /** The last proposal was recorded (until the next try). */
  done: boolean;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
};

/** The propose form's frame: its title, the area's fields, the server's refusal or thanks, the button. */
export function ProposeCard({ texts, testId, proposal, done, onSubmit, children }: ProposeCardProps) {
  const t = useAdminText(texts);
  const failure = errorCodeOf(proposal.error);
  return (
    <Card className="p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('propose.title')}</h2>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate data-testid={testId}>
        {children}
        {failure ? (
          <p role="alert" className="text-sm font-medium text-accent-700">
            {t(`error.${failure}`)}
          </p>
        ) : null}
        {done ? (
          <p role="status" className="text-sm font-medium text-emerald-800">
            {t('propose.done')}
          </p>
        ) : null}
        <Button type="submit" variant="secondary" disabled={proposal.isPending}>
          {t('propose.submit')}
        </Button>
      </form>
    </Card>
  );
}

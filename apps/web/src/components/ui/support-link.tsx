import type { HelpSubject } from '@kreyolcash/domain';
import { LifeBuoy } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** The Sipò screen, opened on a subject (and a movement) when the place it is linked from knows it. */
export function supportPath(p: { subject?: HelpSubject; movementId?: string } = {}): string {
  const query = new URLSearchParams();
  if (p.subject) query.set('assunto', p.subject);
  if (p.movementId) query.set('movimentacao', p.movementId);
  const search = query.toString();
  return search ? `/support?${search}` : '/support';
}

type SupportLinkProps = {
  label: string;
  subject?: HelpSubject;
  movementId?: string;
  className?: string;
};

/** "Contact support", where a screen asks the person to: a 44 px link to the Sipò screen. */
export function SupportLink({ label, subject, movementId, className }: SupportLinkProps) {
  return (
    <Link
      to={supportPath({ subject, movementId })}
      data-testid="support-link"
      className={cn(
        'inline-flex min-h-11 items-center gap-2 font-semibold text-primary-800 underline underline-offset-2',
        className,
      )}
    >
      <LifeBuoy aria-hidden="true" className="size-5 shrink-0" />
      {label}
    </Link>
  );
}

import { AppError, asksForSupport } from '@kreyolcash/domain';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { type ErrorTextOptions, errorText, isSessionFailure } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { SupportLink } from './support-link';

/**
 * Why a step was refused, in the person's words: a sentence, and a title when it has its own;
 * `code`, the failure's, so that a refusal asking to contact support carries the way there.
 */
export type Refusal = { title?: string | undefined; text: string; code?: string | undefined };

/** A failure as a step's refusal; none for an ended session (the app says it, and leaves). */
export function refusalOf(error: unknown, options?: ErrorTextOptions): Refusal | null {
  return isSessionFailure(error)
    ? null
    : { text: errorText(error, options), code: AppError.from(error).code };
}

type StepRefusalProps = {
  refusal: Refusal | null;
  /** What the person can do about it (a link to support…), under the sentence. */
  children?: ReactNode;
};

/**
 * A refusal shown inside its step, above the step's button, until the person acts (types again,
 * taps again, goes back): a toast would cover the step and go by itself before it is read. It
 * comes into view when it appears, for a screen that was scrolled.
 */
export function StepRefusal({ refusal, children }: StepRefusalProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusal) panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, [refusal]);
  if (!refusal) return null;
  return (
    <div
      ref={panel}
      role="alert"
      data-testid="step-refusal"
      className="flex items-start gap-3 rounded-2xl border border-red-300 bg-red-50 p-4 text-base text-red-900"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1 break-words">
        {refusal.title ? <p className="font-bold">{refusal.title}</p> : null}
        <p className={refusal.title ? undefined : 'font-semibold'}>{refusal.text}</p>
        {children ??
          (refusal.code && asksForSupport(refusal.code) ? <SupportLinkOf code={refusal.code} /> : null)}
      </div>
    </div>
  );
}

function SupportLinkOf({ code }: { code: string }) {
  const { t } = useTranslation('screens');
  return (
    <SupportLink
      label={t('support.contact')}
      subject={code === 'account_frozen' ? 'conta_congelada' : undefined}
      className="text-red-900"
    />
  );
}

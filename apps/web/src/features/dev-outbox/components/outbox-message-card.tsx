import { formatDateTime } from '@kreyolcash/domain';
import { Mail, MessageSquareText } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import type { OutboxMessage } from '../api/get-outbox-messages';
import { type Segment, segmentsOf } from './message-segments';

const statusStyles: Record<OutboxMessage['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-accent-600 text-white',
};

/** One outgoing message as its recipient would read it, codes big and links clickable. */
export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('screens');
  const isEmail = message.channel === 'email';
  const Icon = isEmail ? Mail : MessageSquareText;
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;

  return (
    <article
      className={cn(
        'rounded-2xl border bg-white p-4 shadow-sm',
        message.status === 'failed' ? 'border-accent-600' : 'border-slate-200',
      )}
    >
      <header className="flex items-start gap-3">
        <span
          className={cn(
            'grid size-10 shrink-0 place-items-center rounded-full',
            isEmail ? 'bg-primary-50 text-primary-700' : 'bg-emerald-50 text-emerald-700',
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-base font-semibold break-all text-slate-900">
            {t('outbox.to', { recipient: message.recipient })}
          </p>
          <p className="text-sm text-slate-600">
            {t(`outbox.channel.${message.channel}`)} · {formatDateTime(message.created_at)} ·{' '}
            <span className="font-mono">{message.purpose}</span>
          </p>
        </div>
        <span
          className={cn('shrink-0 rounded-full px-2.5 py-1 text-xs font-bold', statusStyles[message.status])}
        >
          {t(`outbox.status.${message.status}`)}
        </span>
      </header>

      {message.subject ? (
        <h2 className="mt-3 text-base font-bold text-slate-900">{message.subject}</h2>
      ) : null}
      <p className="mt-2 text-base leading-relaxed break-words whitespace-pre-wrap text-slate-800">
        {segmentsOf(message.text, origin).map((segment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed text, never reordered
          <SegmentView key={index} segment={segment} />
        ))}
      </p>

      {message.status === 'failed' && message.last_error ? (
        <p className="mt-3 rounded-xl bg-accent-50 px-3 py-2 text-sm break-words text-accent-700">
          {message.last_error}
        </p>
      ) : null}
      {message.attempts > 1 ? (
        <p className="mt-2 text-xs text-slate-500">{t('outbox.attempts', { count: message.attempts })}</p>
      ) : null}
    </article>
  );
}

function SegmentView({ segment }: { segment: Segment }) {
  const { t } = useTranslation('screens');
  if (segment.kind === 'code') {
    return (
      <strong className="mx-0.5 inline-block rounded-lg bg-amber-100 px-2 font-mono text-2xl tracking-widest text-slate-900">
        <span className="sr-only">{t('outbox.code')} </span>
        {segment.text}
      </strong>
    );
  }
  if (segment.kind === 'link') {
    return (
      <a href={segment.href} className="font-semibold break-all text-primary-700 underline">
        {segment.text}
      </a>
    );
  }
  if (segment.kind === 'bold') return <strong>{segment.text}</strong>;
  return <span>{segment.text}</span>;
}

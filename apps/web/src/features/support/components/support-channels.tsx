import type { SupportChannels as Channels, Weekday } from '@kreyolcash/domain';
import { Clock, Mail, MessageCircle } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';

/** wa.me takes the number's digits only. */
function whatsappLink(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

/**
 * A line of the opening hours starts with a capital; the days inside it keep their language's case
 * (lower case in Creole, French and Portuguese: "Lendi rive vandredi").
 */
function asLine(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The channels the operator configured; nothing at all when none is. */
export function SupportChannels({ channels }: { channels: Channels }) {
  const { t } = useTranslation('support');
  if (!channels.whatsapp && !channels.email && channels.horario.length === 0) return null;
  const day = (d: Weekday) => t(`days.${d}`);
  return (
    <Card data-testid="support-channels">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('channels.title')}</h2>
      <ul className="flex flex-col gap-3">
        {channels.whatsapp ? (
          <li>
            <a
              href={whatsappLink(channels.whatsapp)}
              target="_blank"
              rel="noopener noreferrer"
              className="flex min-h-11 items-center gap-3 rounded-xl text-primary-800 underline-offset-2 hover:underline"
            >
              <MessageCircle aria-hidden="true" className="size-6 shrink-0" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{t('channels.whatsapp')}</span>
                <span className="break-all text-slate-700">{channels.whatsapp}</span>
              </span>
            </a>
          </li>
        ) : null}
        {channels.email ? (
          <li>
            <a
              href={`mailto:${channels.email}`}
              className="flex min-h-11 items-center gap-3 rounded-xl text-primary-800 underline-offset-2 hover:underline"
            >
              <Mail aria-hidden="true" className="size-6 shrink-0" />
              <span className="flex min-w-0 flex-col">
                <span className="font-semibold">{t('channels.email')}</span>
                <span className="break-all text-slate-700">{channels.email}</span>
              </span>
            </a>
          </li>
        ) : null}
        {channels.horario.length > 0 ? (
          <li className="flex items-start gap-3">
            <Clock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-slate-700" />
            <div className="flex min-w-0 flex-col">
              <span className="font-semibold text-slate-900">{t('channels.hours')}</span>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-slate-800">
                {channels.horario.map((h) => (
                  <div key={`${h.de}-${h.ate}-${h.abre}`} className="contents">
                    <dt>
                      {asLine(
                        h.de === h.ate ? day(h.de) : t('hours.span', { from: day(h.de), to: day(h.ate) }),
                      )}
                    </dt>
                    <dd>{t('hours.time', { opens: h.abre, closes: h.fecha })}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </li>
        ) : null}
      </ul>
    </Card>
  );
}

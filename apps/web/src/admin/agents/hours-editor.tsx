import { AGENT_INTERVALS_PER_DAY_MAX, type AgentHours, WEEKDAYS, type Weekday } from '@kreyolcash/domain';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAdminText } from '../i18n';
import { agentsTexts } from './texts';

// The week's opening hours, day by day: up to AGENT_INTERVALS_PER_DAY_MAX intervals a day, each
// typed as HH:MM (text, not a time picker: a shop open until midnight closes at 24:00).

export const WORKING_WEEK: AgentHours = {
  mon: [{ abre: '08:00', fecha: '18:00' }],
  tue: [{ abre: '08:00', fecha: '18:00' }],
  wed: [{ abre: '08:00', fecha: '18:00' }],
  thu: [{ abre: '08:00', fecha: '18:00' }],
  fri: [{ abre: '08:00', fecha: '18:00' }],
  sat: [{ abre: '08:00', fecha: '18:00' }],
  sun: [],
};

export function HoursEditor({
  hours,
  onChange,
}: {
  hours: AgentHours;
  onChange: (next: AgentHours) => void;
}) {
  const t = useAdminText(agentsTexts);
  const setDay = (day: Weekday, intervals: AgentHours[Weekday]) => onChange({ ...hours, [day]: intervals });
  return (
    <div className="flex flex-col gap-3" data-testid="hours-editor">
      {WEEKDAYS.map((day) => {
        const intervals = hours[day];
        const dayName = t(`day.${day}`);
        return (
          <div key={day} className="flex flex-col gap-2 rounded-xl border border-slate-200 p-3">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold text-slate-800">{dayName}</span>
              {intervals.length === 0 ? (
                <span className="text-sm text-slate-500">{t('hours.closed')}</span>
              ) : null}
            </div>
            {intervals.map((interval, index) => {
              const n = index + 1;
              const edit = (part: 'abre' | 'fecha', value: string) =>
                setDay(
                  day,
                  intervals.map((it, i) => (i === index ? { ...it, [part]: value } : it)),
                );
              return (
                <div key={`${day}-${n}`} className="grid grid-cols-[1fr_auto_1fr_auto] items-center gap-2">
                  <Input
                    aria-label={t('hours.opens', { day: dayName, n })}
                    inputMode="numeric"
                    maxLength={5}
                    placeholder="08:00"
                    value={interval.abre}
                    onChange={(e) => edit('abre', e.target.value)}
                  />
                  <span aria-hidden="true">–</span>
                  <Input
                    aria-label={t('hours.closes', { day: dayName, n })}
                    inputMode="numeric"
                    maxLength={5}
                    placeholder="18:00"
                    value={interval.fecha}
                    onChange={(e) => edit('fecha', e.target.value)}
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('hours.remove', { day: dayName, n })}
                    onClick={() =>
                      setDay(
                        day,
                        intervals.filter((_, i) => i !== index),
                      )
                    }
                  >
                    ✕
                  </Button>
                </div>
              );
            })}
            {intervals.length < AGENT_INTERVALS_PER_DAY_MAX ? (
              <Button
                type="button"
                variant="outline"
                className="self-start"
                onClick={() => setDay(day, [...intervals, { abre: '', fecha: '' }])}
              >
                {t('hours.add')}
              </Button>
            ) : null}
          </div>
        );
      })}
      <Button
        type="button"
        variant="ghost"
        onClick={() => onChange(Object.fromEntries(WEEKDAYS.map((d) => [d, hours.mon])) as AgentHours)}
      >
        {t('hours.copy')}
      </Button>
    </div>
  );
}

import { HISTORY_FILTERS, type HistoryFilter } from '@kreyolcash/domain';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

type StatementTabsProps = { value: HistoryFilter; onChange: (filter: HistoryFilter) => void };

export const STATEMENT_PANEL_ID = 'statement-panel';

/** All / received / sent. Bonuses and adjustments appear only under all (spec §2). */
export function StatementTabs({ value, onChange }: StatementTabsProps) {
  const { t } = useTranslation('wallet');
  return (
    <div
      role="tablist"
      aria-label={t('statement.tabs.label')}
      className="grid grid-cols-3 rounded-xl bg-slate-200/70 p-1"
    >
      {HISTORY_FILTERS.map((filter) => {
        const isSelected = filter === value;
        return (
          <button
            key={filter}
            type="button"
            role="tab"
            id={`statement-tab-${filter}`}
            aria-selected={isSelected}
            aria-controls={STATEMENT_PANEL_ID}
            onClick={() => onChange(filter)}
            className={cn(
              'min-h-11 rounded-lg text-base font-semibold',
              isSelected ? 'bg-white text-primary-800 shadow-sm' : 'text-slate-700 hover:text-slate-900',
            )}
          >
            {t(`statement.tabs.${filter}`)}
          </button>
        );
      })}
    </div>
  );
}

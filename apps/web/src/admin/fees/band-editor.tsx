import { type FeeBand, type FeeOperation, feeTableProblem, parseAmountToCentis } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AdminApiError } from '../api';
import { useAdminText } from '../i18n';
import { feesTexts } from './texts';

// A table's bands as the operator types them: amounts in ₭ and percentages in %, both read by the
// app's amount parser (hundredths: centis of ₭, basis points of %). A figure that does not read
// becomes NaN, which the domain's rule refuses with the code the server would answer.

const FIELDS = ['de_centis', 'ate_centis', 'fixa_centis', 'percentual_bp', 'comissao_bp'] as const;
type BandField = (typeof FIELDS)[number];
type Draft = Record<BandField, string>;

const LABEL: Record<BandField, string> = {
  de_centis: 'col.from',
  ate_centis: 'col.to',
  fixa_centis: 'col.fixed',
  percentual_bp: 'col.percent',
  comissao_bp: 'col.share',
};

/** 25000 → "250", 1250 → "12,50": hundredths as people type them. */
export function hundredthsText(value: number): string {
  return value % 100 === 0 ? String(value / 100) : (value / 100).toFixed(2).replace('.', ',');
}

function bandOf(draft: Draft): FeeBand {
  const read = (text: string) => {
    const parsed = parseAmountToCentis(text);
    return parsed.ok ? parsed.centis : Number.NaN;
  };
  return Object.fromEntries(FIELDS.map((f) => [f, read(draft[f])])) as FeeBand;
}

export function BandEditor(p: {
  operacao: FeeOperation;
  bands: readonly FeeBand[];
  saving: boolean;
  refusal: unknown;
  onSave: (bands: FeeBand[]) => void;
  onCancel: () => void;
}) {
  const t = useAdminText(feesTexts);
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    p.bands.map((b) => Object.fromEntries(FIELDS.map((f) => [f, hundredthsText(b[f])])) as Draft),
  );
  const [problem, setProblem] = useState<{ code: string; faixa: number } | null>(null);
  const refused =
    p.refusal instanceof AdminApiError
      ? { code: p.refusal.code, faixa: Number(p.refusal.details.faixa ?? Number.NaN) }
      : p.refusal
        ? { code: 'unexpected_error', faixa: Number.NaN }
        : null;
  const shown = problem ?? refused;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bands = drafts.map(bandOf);
    const found = feeTableProblem(bands, p.operacao);
    setProblem(found);
    if (!found) p.onSave(bands);
  };
  const set = (index: number, field: BandField, value: string) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
  const addBand = () =>
    setDrafts((all) => {
      const last = all.at(-1);
      const after = last ? bandOf(last).ate_centis + 1 : 1;
      const from = Number.isSafeInteger(after) ? hundredthsText(after) : '';
      return [
        ...all,
        { de_centis: from, ate_centis: '', fixa_centis: '0', percentual_bp: '0', comissao_bp: '0' },
      ];
    });
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} noValidate data-testid="fee-editor">
      <p className="text-sm text-slate-600">{t('edit.hint')}</p>
      <ol className="flex flex-col gap-3">
        {drafts.map((draft, index) => {
          const n = index + 1;
          return (
            <li key={`band-${n}`} className="rounded-xl border border-slate-200 p-3">
              <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-5">
                <legend className="mb-2 font-semibold text-slate-800">{t('band.n', { n })}</legend>
                {FIELDS.map((field) => (
                  <Field key={field} label={<span className="text-sm font-normal">{t(LABEL[field])}</span>}>
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        value={draft[field]}
                        aria-invalid={shown?.faixa === index || undefined}
                        onChange={(e) => set(index, field, e.target.value)}
                      />
                    )}
                  </Field>
                ))}
              </fieldset>
              <Button
                type="button"
                variant="ghost"
                className="mt-2"
                onClick={() => setDrafts((all) => all.filter((_, i) => i !== index))}
              >
                {t('remove', { n })}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button type="button" variant="outline" className="self-start" onClick={addBand}>
        {t('add')}
      </Button>
      {shown ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {Number.isInteger(shown.faixa) && shown.code !== 'fee_bands_too_many'
            ? t('error.band', { n: shown.faixa + 1, problem: t(`error.${shown.code}`) })
            : t(`error.${shown.code}`)}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        <Button type="submit" variant="secondary" disabled={p.saving}>
          {t('save')}
        </Button>
        <Button type="button" variant="ghost" onClick={p.onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}

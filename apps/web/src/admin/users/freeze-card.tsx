import type { AdminUser, OperatorRole } from '@kreyolcash/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { AdminApiError } from '../api';
import { formatDateTime, useAdminLocale, useAdminText } from '../i18n';
import { FREEZE_CHOICES, freezeTexts, UNFREEZE_CHOICES } from './freeze-texts';
import { setFrozen } from './users-api';

// Freezing is for support, compliance and admin; unfreezing for support only (they check the
// person's identity first, on the phone). Both need a category, from a closed list, which the
// person is told on WhatsApp, and a reason, which goes into the audit trail only.
const CAN_FREEZE: readonly OperatorRole[] = ['support', 'compliance', 'admin'];
const CAN_UNFREEZE: readonly OperatorRole[] = ['support'];

export function FreezeCard({ user, role }: { user: AdminUser; role: OperatorRole | undefined }) {
  const t = useAdminText(freezeTexts);
  const { locale } = useAdminLocale();
  const client = useQueryClient();
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const [category, setCategory] = useState('');
  const [categoryMissing, setCategoryMissing] = useState(false);
  const frozen = user.congelamento;
  const action = frozen
    ? role && CAN_UNFREEZE.includes(role)
      ? 'unfreeze'
      : null
    : role && CAN_FREEZE.includes(role)
      ? 'freeze'
      : null;
  const change = useMutation({
    mutationFn: () => setFrozen(user.id, action === 'freeze', motivo.trim(), category.replace(/^un\./, '')),
    onSuccess: async () => {
      setMotivo('');
      setCategory('');
      await client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(motivo.trim() === '');
    setCategoryMissing(category === '');
    if (motivo.trim() !== '' && category !== '') change.mutate();
  };
  const error = change.error instanceof AdminApiError ? t(`error.${change.error.code}`) : undefined;
  const date = frozen ? formatDateTime(frozen.em, locale) : '';
  return (
    <Card data-testid="freeze-card">
      <h2 className="mb-2 text-lg font-semibold">{t('freeze.title')}</h2>
      {frozen ? (
        <div className="mb-3 rounded-xl bg-sky-50 p-3 text-sky-950">
          <p className="font-semibold">
            {frozen.por === 'usuario'
              ? t('freeze.frozen_by_user', { date })
              : frozen.operador
                ? t('freeze.frozen_by_operator', { name: frozen.operador.nome, date })
                : t('freeze.frozen_by_unknown', { date })}
          </p>
          {frozen.categoria ? (
            <p>{t('freeze.category_shown', { category: t(`freeze.category.${frozen.categoria}`) })}</p>
          ) : null}
          {frozen.motivo ? <p>{t('freeze.reason', { reason: frozen.motivo })}</p> : null}
        </div>
      ) : (
        <p className="mb-3 text-slate-700">{t('freeze.active')}</p>
      )}
      {change.isSuccess ? (
        <p role="status" className="mb-3 font-semibold text-emerald-800">
          {frozen ? t('freeze.done_frozen') : t('freeze.done_unfrozen')}
        </p>
      ) : null}
      {action ? (
        <form className="flex flex-col gap-3" onSubmit={submit} noValidate>
          <Field
            label={t('freeze.category')}
            error={categoryMissing && category === '' ? t('freeze.category_required') : undefined}
          >
            {(c) => (
              <select
                {...c}
                className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
              >
                <option value="">{t('freeze.category_pick')}</option>
                {(action === 'freeze' ? FREEZE_CHOICES : UNFREEZE_CHOICES).map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`freeze.category.${choice}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('freeze.reason_internal')}
            hint={action === 'unfreeze' ? t('freeze.unfreeze_hint') : undefined}
            error={missing ? t('common.reason_required') : error}
          >
            {(c) => (
              <Input {...c} value={motivo} maxLength={500} onChange={(e) => setMotivo(e.target.value)} />
            )}
          </Field>
          <Button
            type="submit"
            variant={action === 'freeze' ? 'primary' : 'secondary'}
            disabled={change.isPending}
          >
            {action === 'freeze' ? t('freeze.freeze') : t('freeze.unfreeze')}
          </Button>
        </form>
      ) : frozen ? (
        <p className="text-sm text-slate-600">{t('freeze.support_only')}</p>
      ) : null}
    </Card>
  );
}

import type { AdminModerationResult } from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorCodeOf } from '../api';
import { useAdminText } from '../i18n';
import { useModerate } from './moderation-api';
import { moderationTexts } from './texts';

/** One moderation action: its button opens the reason, which is required before it is sent. */
export function ReasonAction(p: {
  path: string;
  label: string;
  /** The buttons' accessible name when the label alone is not unique on the page (it starts with it). */
  name?: string;
  variant?: ButtonVariant;
  testId: string;
  /** Who shows the outcome when this action disappears with the state it changed. */
  onDone?: (result: AdminModerationResult) => void;
}) {
  const t = useAdminText(moderationTexts);
  const moderate = useModerate();
  const [open, setOpen] = useState(false);
  const [motivo, setMotivo] = useState('');
  const [missing, setMissing] = useState(false);
  const failure = errorCodeOf(moderate.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!motivo.trim()) return setMissing(true);
    moderate.mutate(
      { path: p.path, motivo: motivo.trim() },
      {
        onSuccess: (result) => {
          setOpen(false);
          p.onDone?.(result);
        },
      },
    );
  };
  return (
    <div className="flex flex-col gap-2" data-testid={p.testId}>
      {open ? (
        <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
          <Field label={t('action.reason')} error={missing ? t('common.reason_required') : undefined}>
            {(control) => (
              <Input
                {...control}
                value={motivo}
                maxLength={500}
                onChange={(e) => {
                  setMotivo(e.target.value);
                  setMissing(false);
                }}
              />
            )}
          </Field>
          <div className="grid grid-cols-2 gap-2">
            <Button
              type="submit"
              variant={p.variant ?? 'secondary'}
              disabled={moderate.isPending}
              aria-label={p.name ? t('action.confirm', { action: p.name }) : undefined}
            >
              {t('action.confirm', { action: p.label })}
            </Button>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <Button variant={p.variant ?? 'outline'} aria-label={p.name} onClick={() => setOpen(true)}>
          {p.label}
        </Button>
      )}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-accent-700">
          {t(`error.${failure}`)}
        </p>
      ) : null}
      {moderate.data && !open && !p.onDone ? <Outcome result={moderate.data} /> : null}
    </div>
  );
}

/** What a moderation action did: the new status and how many purchases it voided. */
export function Outcome({ result }: { result: AdminModerationResult }) {
  const t = useAdminText(moderationTexts);
  return (
    <p role="status" className="text-sm text-emerald-800">
      {t('action.done', { status: t(`status.${result.status}`), count: result.compras_anuladas })}
    </p>
  );
}

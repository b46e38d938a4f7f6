import {
  AppError,
  formatKreyol,
  formatWallClock,
  HELP_SUBJECTS,
  HELP_TEXT_MAX_LENGTH,
  type HelpSubject,
  type Transaction,
} from '@kreyolcash/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { inputStyles } from '@/components/ui/input';
import { errorText, isSessionFailure } from '@/lib/error-text';
import { i18n, type TFunction, useTranslation } from '@/lib/i18n';
import { useSendHelpRequest } from '../api/help-requests';

const selectStyles = `${inputStyles} appearance-auto py-2`;

type HelpRequestFormProps = {
  /** The subject to start with (the frozen banner opens the screen on "my account is frozen"). */
  initialSubject: HelpSubject | undefined;
  /** The movement to start with (a transaction's detail opens the screen on it). */
  initialMovementId: string | undefined;
  /** The person's latest movements, to pick the one the request is about. */
  movements: Transaction[];
};

/** Who is on the other side of a movement, as the statement names them, or what it is. */
// A cash movement is with a shop: its business name, as the statement's row reads. A bonus, the
// sign-up bonus and an adjustment are nobody's payment: the person's own name is on both sides.
function otherParty(movement: Transaction, t: TFunction<'support'>): string {
  if (movement.agente) return movement.agente.nome_comercial;
  if (movement.type === 'sent') return movement.destinatario_nome ?? '';
  if (movement.type === 'received') return movement.remetente_nome ?? '';
  return t(`movementKinds.${movement.type}`);
}

function movementLabel(movement: Transaction, t: TFunction<'support'>): string {
  return [
    formatWallClock(movement.criado_em_haiti),
    formatKreyol(movement.quantidade_centis),
    otherParty(movement, t),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The server's refusal in the support texts when they have one, else the app's shared ones. */
function refusalText(error: unknown): string {
  const { code } = AppError.from(error);
  const key = `support:errors.${code}`;
  return i18n.exists(key) ? i18n.t(key as 'support:errors.unexpected_error') : errorText(error);
}

export function HelpRequestForm({ initialSubject, initialMovementId, movements }: HelpRequestFormProps) {
  const { t } = useTranslation('support');
  const send = useSendHelpRequest();
  const [subject, setSubject] = useState<HelpSubject | ''>(
    initialSubject ?? (initialMovementId ? 'movimentacao' : ''),
  );
  const [movementId, setMovementId] = useState(initialMovementId ?? '');
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (subject === '' || text.trim() === '') return;
    send.mutate(
      { assunto: subject, texto: text.trim(), movimentacao_id: movementId || null },
      {
        onSuccess: () => {
          setText('');
          setTried(false);
        },
      },
    );
  };
  const refusal = send.error && !isSessionFailure(send.error) ? refusalText(send.error) : null;

  return (
    <Card>
      <h2 className="mb-3 text-lg font-bold text-slate-900">{t('form.title')}</h2>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="help-request-form">
        <Field
          label={t('form.subject')}
          error={tried && subject === '' ? t('form.subjectRequired') : undefined}
        >
          {(c) => (
            <select
              {...c}
              className={selectStyles}
              value={subject}
              onChange={(e) => {
                setSubject(e.target.value as HelpSubject | '');
                send.reset();
              }}
            >
              <option value="">{t('form.subject')}</option>
              {HELP_SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {t(`subjects.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {subject === 'movimentacao' || movementId ? (
          <Field label={t('form.movement')}>
            {(c) => (
              <select
                {...c}
                className={selectStyles}
                value={movementId}
                onChange={(e) => {
                  setMovementId(e.target.value);
                  send.reset();
                }}
              >
                <option value="">{t('form.movementOptional')}</option>
                {/* A movement given by the link that is not among the latest ones still goes with it,
                    named by its id's last characters: its first ones are the time it was made,
                    shared by every movement of the same minute. */}
                {movementId && !movements.some((m) => m.id === movementId) ? (
                  <option value={movementId}>{movementId.slice(-8)}</option>
                ) : null}
                {movements.map((m) => (
                  <option key={m.id} value={m.id}>
                    {movementLabel(m, t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <Field
          label={t('form.text')}
          hint={t('form.textHint', { max: HELP_TEXT_MAX_LENGTH })}
          error={tried && text.trim() === '' ? t('form.textRequired') : undefined}
        >
          {(c) => (
            <textarea
              {...c}
              className={`${inputStyles} min-h-32 py-3`}
              value={text}
              maxLength={HELP_TEXT_MAX_LENGTH}
              rows={5}
              onChange={(e) => {
                setText(e.target.value);
                send.reset();
              }}
            />
          )}
        </Field>
        {refusal ? (
          <p
            role="alert"
            className="rounded-xl border border-red-300 bg-red-50 p-3 text-base font-semibold text-red-900"
          >
            {refusal}
          </p>
        ) : null}
        {send.isSuccess ? (
          <p role="status" className="rounded-xl bg-emerald-50 p-3 text-base font-semibold text-emerald-900">
            {t('form.sent')}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? t('form.sending') : t('form.submit')}
        </Button>
      </form>
    </Card>
  );
}

import { AppError } from '@kreyolcash/domain';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isSessionFailure } from '@/lib/error-text';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { photoProblemOf } from '@/lib/photo-problem';
import { shrinkPhoto } from '@/lib/shrink-photo';
import { useSendDocumentPhoto } from '../api/send-document-photo';

/** Picks a new document photo, shows it, and sends it for review (same rules as at sign-up). */
export function SendPhotoCard() {
  const { t } = useTranslation('identity');
  const inputId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const preview = usePreviewUrl(photo);
  const send = useSendDocumentPhoto({
    onSuccess: () => {
      setPhoto(null);
      notifySuccess(t('title'), t('send.sent'));
    },
  });

  const fail = (error: unknown) => {
    if (!isSessionFailure(error)) notifyError(error, { fallbackText: t('send.error') });
  };

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    try {
      // A large camera photo is redrawn smaller first; what still cannot be used is refused here.
      if (!file.type.startsWith('image/')) throw new AppError('image_invalid_type');
      const shrunk = await shrinkPhoto(file);
      const problem = await photoProblemOf(shrunk);
      if (problem) throw new AppError(problem);
      setPhoto(shrunk);
    } catch (error) {
      fail(error);
    }
  }

  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-bold text-slate-900">{t('send.title')}</h2>
      <p className="text-sm text-slate-600">{t('send.hint')}</p>
      {preview ? (
        <img
          src={preview}
          alt={t('send.preview')}
          className="max-h-64 w-full rounded-xl border border-slate-200 object-contain"
        />
      ) : null}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        onChange={(event) => void pick(event)}
        disabled={send.isPending}
        className="peer sr-only"
        data-testid="identity-photo-input"
      />
      <label
        htmlFor={inputId}
        className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-xl border border-slate-300 bg-white px-4 text-base font-semibold text-primary-800 hover:bg-slate-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-700"
      >
        {photo ? t('send.change') : t('send.choose')}
      </label>
      {photo ? (
        <Button
          variant="secondary"
          size="lg"
          disabled={send.isPending}
          onClick={() => send.mutate(photo, { onError: fail })}
        >
          {send.isPending ? (
            <>
              <Spinner className="size-5" /> {t('send.sending')}
            </>
          ) : (
            t('send.submit')
          )}
        </Button>
      ) : null}
    </Card>
  );
}

/** An object URL of the picked file, revoked when it changes or the card goes. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

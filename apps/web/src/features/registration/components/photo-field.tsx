import { IMAGE_MIME_TYPES } from '@kreyolcash/domain';
import { ImagePlus, Trash2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { fieldErrorText } from '@/lib/error-text';
import { megabytesOf } from '@/lib/file-size';
import { useTranslation } from '@/lib/i18n';
import { photoProblemOf } from '@/lib/photo-problem';
import { shrinkPhoto } from '@/lib/shrink-photo';

type PhotoFieldProps = {
  label: string;
  hint: string;
  value: File | undefined;
  onChange: (file: File | undefined) => void;
  error?: string | undefined;
};

/** Picks one JPG or PNG photo: shows a preview, its name and size in MB, and lets it be removed. */
export function PhotoField({ label, hint, value, onChange, error: formError }: PhotoFieldProps) {
  const { t } = useTranslation('screens');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const previewUrl = usePreviewUrl(value);

  const [isPreparing, setIsPreparing] = useState(false);
  // A refused file never enters the form: the field says why and stays empty (no broken thumbnail).
  const [refusal, setRefusal] = useState<string>();
  const error = refusal ?? formError;
  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    setIsPreparing(true);
    try {
      const photo = await shrinkPhoto(file);
      const problem = await photoProblemOf(photo);
      setRefusal(problem ? fieldErrorText(problem) : undefined);
      onChange(problem ? undefined : photo);
    } finally {
      setIsPreparing(false);
    }
  }

  const input = (
    <input
      id={inputId}
      type="file"
      accept={IMAGE_MIME_TYPES.join(',')}
      onChange={(event) => void pick(event)}
      disabled={isPreparing}
      aria-label={label}
      aria-describedby={[error ? errorId : '', hintId].filter(Boolean).join(' ')}
      aria-invalid={error ? true : undefined}
      className="peer sr-only"
    />
  );

  return (
    <div className="flex flex-col gap-2">
      <span className="text-base font-semibold text-slate-800">{label}</span>
      {value ? (
        <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3">
          {previewUrl ? (
            <img src={previewUrl} alt="" className="size-16 shrink-0 rounded-xl bg-slate-100 object-cover" />
          ) : (
            <div className="size-16 shrink-0 rounded-xl bg-slate-100" />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-base font-medium text-slate-900">{value.name}</p>
            <p className="text-sm text-slate-600">
              {t('register.photo.size', { size: megabytesOf(value.size) })}
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => {
              setRefusal(undefined);
              onChange(undefined);
            }}
            aria-label={t('register.photo.remove')}
          >
            <Trash2 aria-hidden="true" className="size-5" />
          </Button>
        </div>
      ) : null}
      {/* The input itself is hidden; its label is the big touch target (and the keyboard focus shows on it). */}
      <div>
        {input}
        <label
          htmlFor={inputId}
          className={cn(
            'flex cursor-pointer items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 font-semibold',
            'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600',
            value ? 'min-h-12 text-primary-800' : 'min-h-32 flex-col bg-primary-50 text-primary-800',
            // One border colour at a time: two would be settled by stylesheet order, not by intent.
            error ? 'border-accent-600' : value ? 'border-slate-300' : 'border-primary-300',
          )}
        >
          {isPreparing ? (
            <Spinner className={value ? 'size-5' : 'size-8'} />
          ) : (
            <ImagePlus aria-hidden="true" className={value ? 'size-5' : 'size-8'} />
          )}
          {value ? t('register.photo.change') : t('register.photo.choose')}
          {value ? null : (
            <span className="text-sm font-normal text-slate-600">{t('register.photo.formats')}</span>
          )}
        </label>
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-accent-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="text-sm text-slate-600">
        {hint}
      </p>
    </div>
  );
}

/** An object URL for the chosen file, revoked when the file changes or the field goes away. */
function usePreviewUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

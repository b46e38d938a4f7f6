import type { Me } from '@kreyolcash/domain';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useUploadProfilePhoto } from '../api/upload-profile-photo';
import { choosePhoto } from './choose-photo';
import { ProfileAvatar } from './profile-avatar';
import { notifyProfileError } from './profile-errors';

/** The avatar (photo or initials) with a camera button that picks and sends a new photo. */
export function PhotoCard({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const inputId = useId();
  const [isPreparing, setIsPreparing] = useState(false);
  const upload = useUploadProfilePhoto({
    onSuccess: () => notifySuccess(t('success.title'), t('success.photo_updated')),
    onError: (error) => notifyProfileError(error, 'photo_upload_error'),
  });
  const isBusy = isPreparing || upload.isPending;
  // Like the name, the photo payers see stays as it is while the account is frozen.
  const isFrozen = me.congelado;

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    setIsPreparing(true);
    try {
      upload.mutate(await choosePhoto(file));
    } catch (error) {
      notifyProfileError(error, 'image_processing_error');
    } finally {
      setIsPreparing(false);
    }
  }

  return (
    <Card className="flex flex-col items-center gap-3 text-center">
      <h2 className="sr-only">{t('settings.photo.title')}</h2>
      <div className="relative">
        <ProfileAvatar
          fullName={me.nome_completo}
          photoUrl={me.profile_photo_url}
          alt={t('profile.photoOf', { name: me.nome_completo })}
          className="size-28 text-4xl"
        />
        {isFrozen ? null : (
          <PhotoPicker inputId={inputId} isBusy={isBusy} onPick={(event) => void pick(event)} />
        )}
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {isFrozen
          ? t('settings.photo.frozenHint')
          : isBusy
            ? t('settings.photo.uploading')
            : t('settings.photo.hint')}
      </p>
    </Card>
  );
}

/** The camera button: a hidden file input and the label that opens it. */
function PhotoPicker({
  inputId,
  isBusy,
  onPick,
}: {
  inputId: string;
  isBusy: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      {/* accept image/*: the gallery shows every picture; choosePhoto says which cannot be used. */}
      <input
        id={inputId}
        type="file"
        accept="image/*"
        onChange={onPick}
        disabled={isBusy}
        aria-label={t('settings.photo.change')}
        className="peer sr-only"
      />
      <label
        htmlFor={inputId}
        title={t('settings.photo.change')}
        className="absolute -right-1 -bottom-1 grid size-12 cursor-pointer place-items-center rounded-full border-4 border-white bg-primary-700 text-white hover:bg-primary-800 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 peer-disabled:cursor-wait"
      >
        {isBusy ? <Spinner className="size-5" /> : <Camera aria-hidden="true" className="size-5" />}
      </label>
    </>
  );
}

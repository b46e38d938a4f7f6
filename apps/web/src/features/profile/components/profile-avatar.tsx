import { useState } from 'react';
import { cn } from '@/lib/cn';
import { initialsOf } from './profile-text';

type ProfileAvatarProps = {
  fullName: string;
  photoUrl: string | null;
  /** The image's text alternative; empty when a name beside it already says whose it is. */
  alt?: string;
  className?: string;
};

/** The profile photo, or the initials of the name when there is none (or it does not load). */
export function ProfileAvatar({ fullName, photoUrl, alt = '', className }: ProfileAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showsPhoto = photoUrl !== null && photoUrl !== failedUrl;
  return (
    <div
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-primary-100 font-bold text-primary-800',
        className,
      )}
    >
      {showsPhoto ? (
        <img
          src={photoUrl}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedUrl(photoUrl)}
        />
      ) : (
        <Initials fullName={fullName} label={alt} />
      )}
    </div>
  );
}

function Initials({ fullName, label }: { fullName: string; label: string }) {
  const initials = initialsOf(fullName);
  // Without a label the name is written beside the avatar: the letters are decoration.
  if (!label) return <span aria-hidden="true">{initials}</span>;
  return (
    <span role="img" aria-label={label}>
      {initials}
    </span>
  );
}

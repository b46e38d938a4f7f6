import { cn } from '@/lib/cn';

/** "MJ" for "Marie Jean-Baptiste": the first letters of the first two words. */
export function initialsOf(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

const sizes = { md: 'size-11 text-base', lg: 'size-16 text-xl' } as const;

type RecipientAvatarProps = { name: string; photoUrl: string | null; size?: keyof typeof sizes };

/** The recipient's photo, or their initials, so the payer recognises who gets the money. */
export function RecipientAvatar({ name, photoUrl, size = 'lg' }: RecipientAvatarProps) {
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center overflow-hidden rounded-full bg-primary-100 font-bold text-primary-800',
        sizes[size],
      )}
    >
      {photoUrl ? (
        <img src={photoUrl} alt="" className="size-full object-cover" />
      ) : (
        <span aria-hidden="true">{initialsOf(name)}</span>
      )}
    </span>
  );
}

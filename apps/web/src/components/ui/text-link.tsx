import { Link, type LinkProps } from 'react-router';
import { cn } from '@/lib/cn';

const tones = {
  primary: 'font-semibold text-primary-700 hover:text-primary-900',
  muted: 'font-medium text-slate-600 hover:text-slate-900',
} as const;

type TextLinkProps = LinkProps & { tone?: keyof typeof tones };

/** An inline link with a touch target of at least 44 px in height. */
export function TextLink({ tone = 'primary', className, ...props }: TextLinkProps) {
  return (
    <Link
      className={cn('inline-flex min-h-11 items-center underline underline-offset-4', tones[tone], className)}
      {...props}
    />
  );
}

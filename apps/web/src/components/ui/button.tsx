import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'inverse';
export type ButtonSize = 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold select-none ' +
  'motion-safe:transition-colors disabled:pointer-events-none disabled:opacity-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-accent-600 text-white hover:bg-accent-700 active:bg-accent-700 focus-visible:outline-accent-600',
  secondary:
    'bg-primary-700 text-white hover:bg-primary-800 active:bg-primary-900 focus-visible:outline-primary-700',
  outline:
    'border border-slate-300 bg-white text-primary-800 hover:bg-slate-50 active:bg-slate-100 focus-visible:outline-primary-700',
  ghost: 'text-primary-800 hover:bg-primary-50 active:bg-primary-100 focus-visible:outline-primary-700',
  inverse:
    'border border-white/40 text-white hover:bg-white/10 active:bg-white/20 focus-visible:outline-white',
};

// Every size keeps at least a 44 px touch target.
const sizes: Record<ButtonSize, string> = {
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
  icon: 'size-11 shrink-0',
};

export type ButtonStyleOptions = { variant?: ButtonVariant; size?: ButtonSize; className?: string };

/** The button look, for links that should look like buttons (`<Link className={buttonStyles()}>`). */
export function buttonStyles({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyleOptions = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export type ButtonProps = ComponentPropsWithRef<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonStyles({ variant, size, className })} {...props} />;
}

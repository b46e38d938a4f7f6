import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';

// 16 px text: a smaller font makes mobile browsers zoom into the field on focus.
export const inputStyles =
  'block min-h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base text-slate-900 ' +
  'placeholder:text-slate-400 focus:border-primary-600 focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'focus-visible:outline-primary-600 aria-[invalid=true]:border-accent-600 disabled:bg-slate-100';

export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={cn(inputStyles, className)} {...props} />;
}

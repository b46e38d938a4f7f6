import { parseAmountToCentis } from '@kreyolcash/domain';
import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/** A ₭ amount typed the way people write it, in centis; null for anything but a positive one. */
export function positiveCentisOf(text: string): number | null {
  const parsed = parseAmountToCentis(text);
  return parsed.ok && parsed.centis > 0 ? parsed.centis : null;
}

/** The field for a ₭ amount: the decimal keypad, nothing filled in by the browser, large figures. */
export function AmountInput({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      // `!`: the input's own text-base sorts after text-2xl in the stylesheet.
      className={cn('text-2xl! font-bold tabular-nums', className)}
      {...props}
    />
  );
}

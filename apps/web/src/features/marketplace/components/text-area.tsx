import type { ComponentPropsWithRef } from 'react';
import { inputStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export function TextArea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return (
    <textarea rows={3} className={cn(inputStyles, 'min-h-28 py-3 leading-snug', className)} {...props} />
  );
}

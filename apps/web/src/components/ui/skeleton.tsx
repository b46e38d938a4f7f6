import { cn } from '@/lib/cn';

/** A grey placeholder of the size of what is loading, so nothing moves when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('rounded-lg bg-slate-200 motion-safe:animate-pulse', className)} />
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorCodeOf } from './api';

/** Back to the list a detail page was opened from. */
export function BackLink({ label }: { label: string }) {
  return (
    <Link to=".." relative="path" className="text-sm font-semibold text-primary-700 underline">
      ← {label}
    </Link>
  );
}

/**
 * A detail page's data: a spinner while it loads; if it fails, the way back and the error in the
 * operator's language; once it is here, what `children` draws with it.
 */
export function WhenLoaded<T>(p: {
  query: UseQueryResult<T>;
  back: ReactNode;
  errorText: (code: string) => string;
  children: (data: T) => ReactNode;
}) {
  if (p.query.isPending) return <Spinner />;
  if (p.query.isError) {
    return (
      <div className="flex flex-col gap-3">
        {p.back}
        <p role="alert" className="text-accent-700">
          {p.errorText(errorCodeOf(p.query.error) ?? 'unexpected_error')}
        </p>
      </div>
    );
  }
  return p.children(p.query.data);
}

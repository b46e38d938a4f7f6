import type { ReactNode } from 'react';

type MessagePageProps = {
  icon?: ReactNode;
  title: ReactNode;
  body?: ReactNode;
  children?: ReactNode;
};

/** A centred, single-message screen: not found, load error. */
export function MessagePage({ icon, title, body, children }: MessagePageProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-10 text-center">
      {icon ? (
        <div className="mb-6 grid size-20 place-items-center rounded-full bg-primary-50 text-primary-700">
          {icon}
        </div>
      ) : null}
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {body ? <p className="mt-3 max-w-sm text-base text-slate-600">{body}</p> : null}
      {children ? <div className="mt-8 flex w-full max-w-xs flex-col gap-3">{children}</div> : null}
    </main>
  );
}

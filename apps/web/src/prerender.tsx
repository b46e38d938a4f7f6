import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from '@/app/app';
import { prerenderedTitle } from '@/hooks/use-document-title';
import { changeLanguage, type Language, languages } from '@/lib/i18n';

// The build's prerender (vite.prerender.ts) runs this module in Node: it draws a page of the app
// at a path, in a language, as the browser's first render would draw it, so that the browser can
// take it over (hydrateRoot in main.tsx) without drawing anything again. Nobody is signed in here
// and nothing is fetched: the screens show what they show while the session is being restored.

export { languages };
export type PrerenderedPage = { html: string; title: string };

// Pages are drawn one after the other: the router of the one being drawn reads its path here.
let renderingPath = '/';

function AtRenderingPath({ children }: { children: ReactNode }) {
  return <StaticRouter location={renderingPath}>{children}</StaticRouter>;
}

export async function renderPage(path: string, language: Language): Promise<PrerenderedPage> {
  await changeLanguage(language);
  prerenderedTitle.value = 'KreyolCash';
  renderingPath = path;
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App Router={AtRenderingPath} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  // A screen that failed would be drawn as its error fallback: no page rather than a broken one.
  if (errors.length > 0) throw new AggregateError(errors, `prerender of ${path} (${language}) failed`);
  return { html, title: prerenderedTitle.value };
}

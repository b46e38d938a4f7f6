import { useEffect } from 'react';

/** The title the page asked for during the build's prerender (src/prerender.tsx puts it in <title>). */
export const prerenderedTitle = { value: 'KreyolCash' };

/** Sets the tab title to "<page> · KreyolCash" (or just the product name). */
export function useDocumentTitle(pageTitle?: string) {
  const title = pageTitle ? `${pageTitle} · KreyolCash` : 'KreyolCash';
  // Effects do not run on the server: the prerender reads the title here instead. A constant in
  // the browser's build, so this line is not in it.
  if (import.meta.env.SSR) prerenderedTitle.value = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

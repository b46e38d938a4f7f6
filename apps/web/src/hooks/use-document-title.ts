import { useEffect } from 'react';

/** Sets the tab title to "<page> · KreyolCash" (or just the product name). */
export function useDocumentTitle(pageTitle?: string) {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · KreyolCash` : 'KreyolCash';
  }, [pageTitle]);
}

import { useEffect } from 'react';

/** The product's name, last in every tab title (index.html's title before the SPA starts). */
export const PRODUCT_NAME = 'Label Platform';

/** The browser tab's title for a page: "Royalties: New sale · Label Platform". */
export function documentTitle(pageTitle: string | undefined): string {
  const title = pageTitle?.trim();
  return title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Keeps the browser tab's title on the page shown (the shell calls it with the route's title). */
export function useDocumentTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}

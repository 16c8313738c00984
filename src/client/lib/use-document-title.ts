import { useEffect } from 'react';

/** Names the browser tab after the screen, so screen-reader users hear where they landed. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import { useEffect } from 'react';
import { pageTitle } from '../../../src/college';

/** Sets document.title to `{page} - {College name}` while the screen is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}

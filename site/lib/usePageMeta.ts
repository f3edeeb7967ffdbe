/** Sets the document title (`{Page} - {College name}`) and the meta description of the page. */
import { useEffect } from 'react';
import { pageTitle } from '../../src/college';

export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}

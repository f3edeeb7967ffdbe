/**
 * Declares the page's metadata (`{Page} - {College name}` title, description, canonical address)
 * and JSON-LD pieces: recorded during a server render, applied to the document in the browser.
 */
import { useEffect, useLayoutEffect } from 'react';
import { applyMeta, applyStructuredData, declareMetaOnServer, declareStructuredOnServer, type JsonLd, type PageMeta } from './head';

export function usePageMeta(title: string, description: string, options: Omit<PageMeta, 'title' | 'description'> = {}): void {
  const { canonical, noindex } = options;
  declareMetaOnServer({ title, description, canonical, noindex });
  // In the same commit as the page's content, so the title never lags behind the heading on screen.
  useLayoutEffect(() => {
    applyMeta({ title, description, canonical, noindex });
  }, [title, description, canonical, noindex]);
}

/** One JSON-LD piece of the page (`id` keeps pieces of the layout and of the page apart). */
export function useStructuredData(id: string, data: JsonLd | null): void {
  declareStructuredOnServer(id, data);
  // Compared by content: callers build a fresh object on every render.
  const serialised = data ? JSON.stringify(data) : '';
  useEffect(() => {
    applyStructuredData(id, serialised ? (JSON.parse(serialised) as JsonLd) : null);
    return () => applyStructuredData(id, null);
  }, [id, serialised]);
}

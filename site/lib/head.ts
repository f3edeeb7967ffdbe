/**
 * A page's metadata: title, description, canonical address, robots, Open Graph and Twitter card,
 * and JSON-LD pieces. During a server render the hooks write into a sink the server turns into
 * `<head>` markup (server/pages/head-markup.ts); in the browser they update the same tags after each
 * client-side navigation, so the head always describes the page on screen.
 */
import { pageTitle } from '../../src/college';

export interface PageMeta {
  /** The page's own title, before ` - {College name}`. */
  title: string;
  description: string;
  /** The one canonical path of this content (defaults to the current path). */
  canonical?: string;
  /** Pages that must stay out of search engines (search results, 404). */
  noindex?: boolean;
}

export type JsonLd = Record<string, unknown>;

export interface HeadSink {
  /** The site's public origin (SITE_URL). */
  origin: string;
  meta: PageMeta | null;
  structured: Map<string, JsonLd>;
}

let serverSink: HeadSink | null = null;

/** Server only: collects what the render's hooks declare. */
export function withHeadSink<T>(origin: string, render: () => T): { result: T; head: HeadSink } {
  const previous = serverSink;
  const head: HeadSink = { origin, meta: null, structured: new Map() };
  serverSink = head;
  try {
    return { result: render(), head };
  } finally {
    serverSink = previous;
  }
}

/** The `<meta>` tags of a page, as [attribute, key, content]; the server and the browser share the list. */
export function metaTags(meta: PageMeta, canonicalUrl: string): [attribute: 'name' | 'property', key: string, content: string][] {
  const title = pageTitle(meta.title);
  return [
    ['name', 'description', meta.description],
    ['name', 'robots', meta.noindex ? 'noindex, follow' : 'index, follow'],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Northbridge College of Technology'],
    ['property', 'og:title', title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', canonicalUrl],
    ['property', 'og:locale', 'en_CA'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', meta.description],
  ];
}

/** Records a structured data piece during a server render; returns whether it did. */
export function declareStructuredOnServer(id: string, data: JsonLd | null): boolean {
  if (!serverSink) return false;
  if (data) serverSink.structured.set(id, data);
  return true;
}

/** Browser: sets (or, with null, removes) the piece `id` and rewrites the page's JSON-LD script. */
export function applyStructuredData(id: string, data: JsonLd | null): void {
  if (data) browserStructured.set(id, data);
  else browserStructured.delete(id);
  writeStructuredData();
}

/** Records the page's metadata during a server render; returns whether it did. */
export function declareMetaOnServer(meta: PageMeta): boolean {
  if (!serverSink) return false;
  serverSink.meta = meta;
  return true;
}

const browserStructured = new Map<string, JsonLd>();

/** The one JSON-LD document of a page: every piece in an `@graph`. */
export function structuredDocument(pieces: Iterable<JsonLd>): string {
  const graph = [...pieces];
  // `<` escaped so that no text in the data can close the script element.
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': graph }).replace(/</g, '\\u003c');
}

function writeStructuredData(): void {
  let script = document.getElementById('structured-data');
  if (!script) {
    script = document.createElement('script');
    script.id = 'structured-data';
    script.setAttribute('type', 'application/ld+json');
    document.head.appendChild(script);
  }
  script.textContent = structuredDocument(browserStructured.values());
}

/** The site's public origin, for absolute addresses in structured data. */
export function currentOrigin(): string {
  return serverSink ? serverSink.origin : siteOrigin();
}

/** Browser: the site's origin as the server wrote it in the canonical link (SITE_URL), else this origin. */
export function siteOrigin(): string {
  const link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  try {
    if (link?.href) return new URL(link.href).origin;
  } catch {
    // fall through to the page's own origin
  }
  return location.origin;
}

/** Browser: brings title, description, canonical and social tags in line with `meta`. */
export function applyMeta(meta: PageMeta): void {
  const canonical = siteOrigin() + (meta.canonical ?? location.pathname);
  document.title = pageTitle(meta.title);
  let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = canonical;
  for (const [attribute, key, content] of metaTags(meta, canonical)) {
    let tag = document.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
    if (!tag) {
      tag = document.createElement('meta');
      tag.setAttribute(attribute, key);
      document.head.appendChild(tag);
    }
    tag.content = content;
  }
}

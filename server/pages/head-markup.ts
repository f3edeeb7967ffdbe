/**
 * The `<head>` of a server-rendered page from what its components declared: title, description,
 * canonical link, robots, Open Graph and Twitter card tags, chunk preloads and one JSON-LD document.
 */
import { pageTitle } from '../../src/college';
import { escapeHtml } from '../../src/escape-html';
import { metaTags, structuredDocument, type HeadSink, type PageMeta } from '../../site/ssr/renderPage';

export function headMarkup(head: HeadSink, fallback: PageMeta, path: string, preloads: readonly string[]): string {
  const meta = head.meta ?? fallback;
  const canonical = head.origin + (meta.canonical ?? path);
  const lines = [
    `<title>${escapeHtml(pageTitle(meta.title))}</title>`,
    ...metaTags(meta, canonical).map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    ...preloads.map((file) => `<link rel="modulepreload" href="/${escapeHtml(file)}">`),
  ];
  if (head.structured.size > 0) {
    lines.push(`<script type="application/ld+json" id="structured-data">${structuredDocument(head.structured.values())}</script>`);
  }
  return lines.join('\n    ');
}

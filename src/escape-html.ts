/**
 * Text made safe inside HTML element content and quoted attribute values: the five characters
 * that can end either are written as entities (`&` first, so entities are not escaped twice).
 * The one escaper for server-rendered heads and e-mail bodies; JSX escapes by itself.
 * (server/search/search.ts writes the same five entities as SQL, for snippets escaped in the database.)
 */
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

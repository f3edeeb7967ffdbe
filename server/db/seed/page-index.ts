/**
 * Keeps the keyword-search index of information pages (page_index) equal to src/content's
 * INFO_PAGES: upserted on every start, rows of pages that no longer exist deleted.
 */
import type { Queryable } from '../database';
import { INFO_PAGES } from '../../../src/content/pages';
import { pageText, type InfoPage } from '../../../src/content/types';

export async function syncPageIndex(client: Queryable, allPages: readonly InfoPage[] = INFO_PAGES): Promise<void> {
  // One row per path (the last wins): an upsert may not touch the same row twice.
  const pages = [...new Map(allPages.map((page) => [page.path, page])).values()];
  const paths = pages.map((page) => page.path);
  await client.query(
    `INSERT INTO page_index (path, title, body)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (path) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body
     WHERE page_index.title IS DISTINCT FROM EXCLUDED.title OR page_index.body IS DISTINCT FROM EXCLUDED.body`,
    [paths, pages.map((page) => page.title), pages.map(pageText)],
  );
  await client.query('DELETE FROM page_index WHERE NOT (path = ANY($1::text[]))', [paths]);
}

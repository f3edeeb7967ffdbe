/**
 * What a rendered page embeds of the answers it used (`<script id="page-data">`, read back by
 * site/lib/pageData.ts). The calendar's intake lists are embedded packed by column
 * (src/packed-rows.ts): a year of intakes as plain JSON made its HTML four times the size the
 * browser then has to parse (issue 31). Every other answer is embedded as the API answers it.
 */
import type { PageData } from '../../site/ssr/renderPage';
import { publicApiPaths } from '../../src/public-api';
import { packRows, type PackedRows } from '../../src/packed-rows';

/** An embedded answer: a page-data answer, or an intake list packed by column. */
export type EmbeddedAnswer = PageData | { ok: true; rows: PackedRows };

const INTAKES_PREFIX = publicApiPaths.intakes('', '').split('?')[0] + '?';

export function embeddedPageData(used: ReadonlyMap<string, PageData>): Record<string, EmbeddedAnswer> {
  const embedded: Record<string, EmbeddedAnswer> = {};
  for (const [apiPath, answer] of used) {
    const rows = answer.ok && apiPath.startsWith(INTAKES_PREFIX) ? packRows(answer.data) : null;
    embedded[apiPath] = rows ? { ok: true, rows } : answer;
  }
  return embedded;
}

/** The wire contract of the keyword search (GET /api/search), shared by the server and the site. */

export type SearchHitKind = 'course' | 'page';

/** GET /api/search?q= */
export interface SearchHit {
  kind: SearchHitKind;
  title: string;
  path: string;
  /** Text with matches wrapped in <mark>…</mark>; everything else HTML-escaped. */
  snippet: string;
  rank: number;
}

export interface SearchAnswer {
  query: string;
  /**
   * When the words as typed found nothing and were corrected (typos, run-together words), the words
   * actually searched (e.g. `security` for `securty`, `web developer` for `webdeveloper`); else null.
   * `exact=1` turns correction off.
   */
  corrected: string | null;
  /** True when no result has every word, so results with any of the words are shown. */
  widened: boolean;
  results: SearchHit[];
}

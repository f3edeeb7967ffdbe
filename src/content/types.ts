/**
 * Information pages' text lives in src/content, read by both the site (to render) and the server
 * (to index for keyword search), so the two never disagree.
 */
export interface ContentSection {
  heading: string;
  paragraphs: string[];
  /** Optional bullet list after the paragraphs. */
  list?: string[];
}

export interface InfoPage {
  /** The route path, e.g. `/financial-aid`. */
  path: string;
  /** The page's h1 and title (`{title} - {College name}`). */
  title: string;
  /** The meta description, one or two sentences. */
  description: string;
  /** A short lead paragraph under the heading. */
  intro: string;
  sections: ContentSection[];
  /** Policies only: the date the text took effect (`YYYY-MM-DD`), shown as "Effective January 1, 2024". */
  effectiveDate?: string;
}

/** Plain text of a page, for the search index. */
export function pageText(page: InfoPage): string {
  return [page.intro, ...page.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.list ?? [])])].join('\n');
}

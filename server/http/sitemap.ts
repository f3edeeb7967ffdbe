/**
 * sitemap.xml and robots.txt, generated from the shared route table and the course catalogue.
 * The sitemaps protocol allows 50,000 URLs and 50 MB (uncompressed) per file: beyond either,
 * /sitemap.xml becomes a sitemap index naming /sitemap-1.xml, /sitemap-2.xml … (robots.txt always
 * names /sitemap.xml, so search engines find whichever it is). Rebuilt when the catalogue changes.
 */
import { ROUTES } from '../../src/routes';
import type { Catalogue } from '../catalogue/catalogue';
import { fileRepresentation } from './static-files';
import type { Representation } from './representation';

/** Sitemaps change with the catalogue: crawlers may keep one for an hour. */
const HOURLY = 'public, max-age=3600';

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

/** The protocol's limits (sitemaps.org): per file, at most 50,000 URLs and 50 MB. */
export const SITEMAP_LIMITS: SitemapLimits = { maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = '</urlset>\n';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

type SitemapCatalogue = Pick<Catalogue, 'courses' | 'categoryPaths'>;

/** Static public pages, then category and sub-category pages, then every active course's page. */
function sitemapPaths(catalogue?: SitemapCatalogue): string[] {
  const paths = [
    ...ROUTES.filter((route) => route.sitemap).map((route) => route.path),
    ...(catalogue?.categoryPaths() ?? []),
    ...(catalogue?.courses().map((course) => course.path) ?? []),
  ];
  return [...new Set(paths)];
}

/** The URL entries cut into files that each stay within the limits. */
function chunk(entries: string[], limits: SitemapLimits): string[][] {
  const room = limits.maxBytes - Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  const files: string[][] = [[]];
  let bytes = 0;
  for (const entry of entries) {
    const size = Buffer.byteLength(entry) + 1;
    const current = files[files.length - 1]!;
    if (current.length > 0 && (current.length >= limits.maxUrls || bytes + size > room)) {
      files.push([entry]);
      bytes = size;
    } else {
      current.push(entry);
      bytes += size;
    }
  }
  return files;
}

/** Every sitemap file by its path: `/sitemap.xml` alone, or the index and its numbered parts. */
export function buildSitemapFiles(
  siteUrl: string,
  catalogue?: SitemapCatalogue,
  limits: SitemapLimits = SITEMAP_LIMITS,
): Map<string, string> {
  const entries = sitemapPaths(catalogue).map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`);
  const parts = chunk(entries, limits).map((list) => `${URLSET_OPEN}${list.join('\n')}\n${URLSET_CLOSE}`);
  if (parts.length === 1) return new Map([['/sitemap.xml', parts[0]!]]);
  const files = new Map<string, string>();
  const names = parts.map((_, i) => `/sitemap-${i + 1}.xml`);
  const index = names.map((name) => `  <sitemap><loc>${escapeXml(siteUrl + name)}</loc></sitemap>`).join('\n');
  files.set('/sitemap.xml', `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index}\n</sitemapindex>\n`);
  parts.forEach((part, i) => files.set(names[i]!, part));
  return files;
}

/** The single sitemap file (tests and small catalogues); see buildSitemapFiles for the split. */
export function buildSitemap(siteUrl: string, catalogue?: SitemapCatalogue): string {
  return buildSitemapFiles(siteUrl, catalogue).get('/sitemap.xml')!;
}

/** The served sitemap files, made on first request after each catalogue change. */
export class SitemapFiles {
  private files = new Map<string, Representation>();
  private version = -1;

  constructor(
    private readonly siteUrl: string,
    private readonly catalogue: Catalogue,
    private readonly limits: SitemapLimits = SITEMAP_LIMITS,
  ) {}

  file(path: string): Representation | undefined {
    if (path !== '/sitemap.xml' && !/^\/sitemap-\d+\.xml$/.test(path)) return undefined;
    if (this.version !== this.catalogue.version()) {
      const built = buildSitemapFiles(this.siteUrl, this.catalogue, this.limits);
      this.files = new Map([...built].map(([name, xml]) => [name, fileRepresentation(Buffer.from(xml), 'sitemap.xml', HOURLY)]));
      this.version = this.catalogue.version();
    }
    return this.files.get(path);
  }
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nDisallow: /crm\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** sitemap.xml and robots.txt, generated from the shared route table and the course catalogue. */
import { ROUTES } from '../../src/routes';
import type { Catalogue } from '../catalogue/catalogue';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** Static public pages, then category and sub-category pages, then every active course's page. */
export function buildSitemap(siteUrl: string, catalogue?: Pick<Catalogue, 'courses' | 'categoryPaths'>): string {
  const paths = [
    ...ROUTES.filter((route) => route.sitemap).map((route) => route.path),
    ...(catalogue?.categoryPaths() ?? []),
    ...(catalogue?.courses().map((course) => course.path) ?? []),
  ];
  const urls = [...new Set(paths)].map((path) => `  <url><loc>${escapeXml(siteUrl + path)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nDisallow: /crm\nDisallow: /api/\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

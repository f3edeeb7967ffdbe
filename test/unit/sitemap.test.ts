import { buildRobots, buildSitemapFiles, SITEMAP_LIMITS } from '../../server/http/sitemap';
import type { CourseSummary } from '../../src/contract';

const SITE = 'https://college.example';

/** A catalogue of `count` courses, with just what the sitemap reads. */
function catalogue(count: number) {
  const courses = Array.from({ length: count }, (_, i) => ({ path: `/course/c-${i}` }) as CourseSummary);
  return { courses: () => courses, categoryPaths: () => ['/part-time-courses/cisco'] };
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap.xml', () => {
  test('within the protocol limits it is one urlset, and robots.txt names it', () => {
    const files = buildSitemapFiles(SITE, catalogue(30));
    expect([...files.keys()]).toEqual(['/sitemap.xml']);
    const xml = files.get('/sitemap.xml')!;
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toContain(`${SITE}/course/c-29`);
    expect(buildRobots(SITE)).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(SITEMAP_LIMITS).toEqual({ maxUrls: 50_000, maxBytes: 50 * 1024 * 1024 });
  });

  test('beyond the URL limit it becomes a sitemap index of parts that each keep within it, listing every page once', () => {
    const single = locs(buildSitemapFiles(SITE, catalogue(95)).get('/sitemap.xml')!);
    const files = buildSitemapFiles(SITE, catalogue(95), { maxUrls: 40, maxBytes: SITEMAP_LIMITS.maxBytes });
    const index = files.get('/sitemap.xml')!;
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const parts = locs(index);
    expect(parts.length).toBe(Math.ceil(single.length / 40));
    expect(parts[0]).toBe(`${SITE}/sitemap-1.xml`);
    const listed: string[] = [];
    for (const part of parts) {
      const xml = files.get(part!.slice(SITE.length))!;
      expect(xml).toContain('<urlset');
      expect(locs(xml).length).toBeLessThanOrEqual(40);
      listed.push(...locs(xml).map(String));
    }
    expect(listed).toEqual(single);
  });

  test('beyond the size limit it splits too, each part within the byte limit', () => {
    const maxBytes = 2000;
    const files = buildSitemapFiles(SITE, catalogue(95), { maxUrls: 50_000, maxBytes });
    expect(files.size).toBeGreaterThan(2);
    for (const [name, xml] of files) if (name !== '/sitemap.xml') expect(Buffer.byteLength(xml)).toBeLessThanOrEqual(maxBytes);
  });
});

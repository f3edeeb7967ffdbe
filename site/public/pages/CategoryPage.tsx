/**
 * A category (full-time or part-time) or a part-time sub-category, from
 * GET /api/categories/:courseType/:slug[/:subSlug]?page=N: CATEGORY_PAGE_SIZE course cards per
 * page, with `?page=` links between them (page 1 is the plain address, the canonical one). An
 * unknown slug, or a page past the last, shows the 404 page.
 */
import { Link, useLocation, useSearch } from 'wouter';
import { pageNumber } from '../../../src/public-limits';
import { siteApi } from '../../lib/api';
import { useApi } from '../../lib/useApi';
import { ApplyBand } from '../components/ApplyBand';
import { CourseGrid } from '../components/CourseCard';
import { PageHeader } from '../components/PageHeader';
import { Pager, pageHref } from '../components/Pager';
import { Illustration } from '../components/Illustration';
import { areaImage } from '../../lib/images';
import { notReadyPage } from '../MissingPage';
import type { PageProps } from '../pageTypes';

export default function CategoryPage({ route, params }: PageProps) {
  const courseType = route.page === 'fullTimeCategory' ? 1 : 2;
  const slug = params.categorySlug ?? '';
  const subSlug = params.subCategorySlug ?? null;
  const base = courseType === 1 ? '/full-time-courses' : '/part-time-courses';
  const [path] = useLocation();
  const page = pageNumber(new URLSearchParams(useSearch()).get('page'));
  const state = useApi(siteApi.category(courseType, slug, subSlug, page));

  if (state.status !== 'ready') return notReadyPage(state);
  const { category, sub_category: sub, sub_categories: subs, courses, pages } = state.data;
  const title = sub ? `${category.name} ${sub.name}` : category.name;
  const lead = (sub ?? category).description;
  return (
    <>
      <PageHeader
        title={title}
        eyebrow={courseType === 1 ? 'Full-time programs' : 'Part-time courses'}
        description={lead || `${title} ${courseType === 1 ? 'programs' : 'courses'} in Toronto.`}
        lead={lead}
        canonical={page > 1 ? pageHref(path, page) : undefined}
      />
      <div className="container page">
        <Illustration image={areaImage(category.slug)} className="category-art" />
        {!sub && subs.length > 0 && (
          <nav className="chip-nav" aria-label={`${category.name} sub-categories`}>
            <ul>
              {subs.map((s) => (
                <li key={s.slug}>
                  <Link href={`${base}/${category.slug}/${s.slug}`} className="chip">
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <h2 className="section-title">{courseType === 1 ? 'Programs' : 'Courses'}</h2>
        <CourseGrid courses={courses} />
        <Pager path={path} page={page} pages={pages} label={`Pages of ${title}`} />
      </div>
      <ApplyBand />
    </>
  );
}

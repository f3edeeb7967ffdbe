/** /catalogue/courses: search by name, filter by type and status, paged, with links to edit and to the public page. */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { COURSE_TYPES, lookupTitle, STATUSES } from '../../../src/lookups';
import { LoadState, PageHeading } from '../area/PageHeading';
import { Pagination } from '../area/Pagination';
import { formatDateTime } from '../area/labels';
import { ColumnHeads } from '../shared/ColumnHeads';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { courseListQueryString, fetchCourses, type CourseListQuery } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';

const COLUMNS = [
  ['name', 'Name'],
  ['type', 'Type'],
  ['status', 'Status'],
  ['page', 'Public page'],
  ['changed', 'Last change'],
] as const;

function queryOf(search: string): CourseListQuery {
  const params = new URLSearchParams(search);
  return {
    q: params.get('q') ?? '',
    course_type: params.get('course_type') ?? '',
    status: params.get('status') ?? '',
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function Filters({ query, onChange }: { query: CourseListQuery; onChange(next: CourseListQuery): void }) {
  const [q, setQ] = useState(query.q);
  useEffect(() => setQ(query.q), [query.q]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...query, q: q.trim(), page: 1 });
  };
  const select = (key: 'course_type' | 'status', label: string, list: readonly { id: number; title: string }[]) => (
    <div className="crm-field">
      <label htmlFor={`catalogue-${key}`}>{label}</label>
      <select id={`catalogue-${key}`} value={query[key]} onChange={(e) => onChange({ ...query, [key]: e.currentTarget.value, page: 1 })}>
        <option value="">All</option>
        {list.map((entry) => (
          <option key={entry.id} value={String(entry.id)}>
            {entry.title}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form className="crm-filters" role="search" aria-label="Filter courses" onSubmit={submit}>
      <div className="crm-field crm-filters__search">
        <label htmlFor="catalogue-q">Search by name</label>
        <div className="crm-inline">
          <input id="catalogue-q" type="search" value={q} onInput={(e) => setQ(e.currentTarget.value)} />
          <button type="submit" className="crm-button crm-button--primary">
            Search
          </button>
        </div>
      </div>
      {select('course_type', 'Course type', COURSE_TYPES)}
      {select('status', 'Status', STATUSES)}
    </form>
  );
}

export function CourseListPage() {
  usePageTitle('Catalogue');
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = queryOf(search);
  const { data, error, loading } = useStaffQuery((signal) => fetchCourses(query, signal), JSON.stringify(query));
  const go = (next: CourseListQuery) => {
    const qs = courseListQueryString(next);
    navigate(`/catalogue/courses${qs ? `?${qs}` : ''}`);
  };
  return (
    <>
      <CatalogueTabs />
      <div className="crm-section__head">
        <PageHeading>Courses and programs</PageHeading>
        <Link href="/catalogue/courses/new" className="crm-button crm-button--primary">
          New course
        </Link>
      </div>
      <Filters query={query} onChange={go} />
      <LoadState loading={loading && !data} error={error} />
      {data && !error ? (
        <section className="crm-section" aria-label="Results" aria-busy={loading}>
          <p className="crm-muted" role="status">
            {data.total === 1 ? '1 course' : `${data.total} courses`}
          </p>
          {data.courses.length ? (
            <div className="crm-table-wrap" role="region" aria-label="Courses" tabIndex={0}>
              <table className="crm-table crm-table--fit crm-course-table">
                <caption className="crm-visually-hidden">Courses and programs</caption>
                <ColumnHeads columns={COLUMNS} />
                <tbody>
                  {data.courses.map((c) => (
                    <tr key={c._id}>
                      <th scope="row" data-label="Name">
                        <Link href={`/catalogue/courses/${c._id}`}>{c.course_name}</Link>
                      </th>
                      <td data-label="Type">{lookupTitle(COURSE_TYPES, c.course_type)}</td>
                      <td data-label="Status">
                        <span className={`crm-status crm-status--${c.status}`}>{lookupTitle(STATUSES, c.status)}</span>
                      </td>
                      <td data-label="Public page">
                        <a href={c.path} target="_blank" rel="noopener">
                          {c.path}
                          <span className="crm-visually-hidden"> (opens in a new tab)</span>
                        </a>
                      </td>
                      <td data-label="Last change">{formatDateTime(c.updated_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>No courses match these filters.</p>
          )}
          <Pagination page={data.page} pageSize={data.page_size || 20} total={data.total} onPage={(page) => go({ ...query, page })} />
        </section>
      ) : null}
    </>
  );
}

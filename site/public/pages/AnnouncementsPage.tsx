/** Announcements, newest first, from GET /api/announcements: ANNOUNCEMENTS_PAGE_SIZE a page, older ones on `?page=2`… */
import { useLocation, useSearch } from 'wouter';
import { infoPageFor } from '../../../src/content/pages';
import { ANNOUNCEMENTS_PAGE_SIZE, pageNumber } from '../../../src/public-limits';
import { siteApi } from '../../lib/api';
import { formatDate } from '../../lib/courses';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../components/PageHeader';
import { Pager, pageHref } from '../components/Pager';
import { ErrorNotice, Loading } from '../components/Status';

export default function AnnouncementsPage() {
  const page = infoPageFor('/announcements');
  const [path] = useLocation();
  const number = pageNumber(new URLSearchParams(useSearch()).get('page'));
  const state = useApi(siteApi.announcements(number));
  // A full page may have older ones after it; the API answers 404 past the last page.
  const full = state.status === 'ready' && state.data.length === ANNOUNCEMENTS_PAGE_SIZE;
  return (
    <>
      <PageHeader
        title={page?.title ?? 'Announcements'}
        description={page?.description ?? 'News from the college.'}
        lead={page?.intro}
        canonical={number > 1 ? pageHref(path, number) : undefined}
      />
      <div className="container page narrow">
        {state.status === 'loading' && <Loading />}
        {state.status === 'error' && <ErrorNotice message={state.error.message} />}
        {state.status === 'ready' && state.data.length === 0 && <p>There are no announcements at the moment.</p>}
        {state.status === 'ready' &&
          state.data.map((item) => (
            <article key={item._id} className="card announcement">
              <h2>{item.title}</h2>
              <p className="meta">
                <time dateTime={item.published_at}>{formatDate(item.published_at)}</time>
              </p>
              {item.body.split(/\n{2,}/).map((para) => (
                <p key={para}>{para}</p>
              ))}
            </article>
          ))}
        <Pager path={path} page={number} pages={full ? number + 1 : number} label="Pages of announcements" />
      </div>
    </>
  );
}

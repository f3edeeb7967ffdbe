/** Announcements, from GET /api/announcements. */
import { infoPageFor } from '../../../src/content/pages';
import { siteApi } from '../../lib/api';
import { formatDate } from '../../lib/courses';
import { useApi } from '../../lib/useApi';
import { PageHeader } from '../components/PageHeader';
import { ErrorNotice, Loading } from '../components/Status';

export default function AnnouncementsPage() {
  const page = infoPageFor('/announcements');
  const state = useApi(siteApi.announcements());
  return (
    <>
      <PageHeader title={page?.title ?? 'Announcements'} description={page?.description ?? 'News from the college.'} lead={page?.intro} />
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
      </div>
    </>
  );
}

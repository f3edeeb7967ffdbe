/**
 * What a page shows instead of its content when its API answer says the thing does not exist (404:
 * the 404 page) or no longer does (410: a withdrawn course's page). Those two components declare
 * the status the server answers with (site/lib/pageData.ts), so each status is said in one place.
 */
import type { ApiState } from '../lib/useApi';
import { ErrorNotice, Loading } from './components/Status';
import { GonePage } from './GonePage';
import { NotFoundPage } from './NotFoundPage';

/** The page for a missing thing, or null when the answer is not a 404 or 410. */
export function missingPageFor(state: ApiState<unknown>) {
  if (state.status !== 'error') return null;
  if (state.error.status === 404) return <NotFoundPage />;
  if (state.error.status === 410) return <GonePage error={state.error} />;
  return null;
}

/** What a page shows while its answer is not ready: the page for a missing thing, a spinner, or the error. */
export function notReadyPage(state: Exclude<ApiState<unknown>, { status: 'ready' }>) {
  return (
    missingPageFor(state) ?? (
      <div className="container page">{state.status === 'loading' ? <Loading /> : <ErrorNotice message={state.error.message} />}</div>
    )
  );
}

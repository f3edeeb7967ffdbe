/**
 * Renders a matched route's page from its lazily loaded code. While the code loads a short status
 * shows; if it fails or times out (120 s), a clear message with a Retry button, never a blank screen.
 */
import type { RouteMatch } from '../../src/routes';
import { useLazyComponent } from '../lib/lazyPage';
import { PAGE_LOADERS, isPublicPage } from './pages/registry';
import { NotFoundPage } from './NotFoundPage';

export function RoutedPage({ match }: { match: RouteMatch }) {
  const id = match.route.page;
  if (!isPublicPage(id)) return <NotFoundPage />;
  return <LoadedPage match={match} loader={PAGE_LOADERS[id]} />;
}

function LoadedPage({ match, loader }: { match: RouteMatch; loader: (typeof PAGE_LOADERS)[keyof typeof PAGE_LOADERS] }) {
  const state = useLazyComponent(loader);
  if (state.status === 'ready') {
    const Page = state.Component;
    return <Page route={match.route} params={match.params} />;
  }
  if (state.status === 'failed') {
    return (
      <section className="container page load-failed" role="alert">
        <h1>This page could not be loaded</h1>
        <p className="lead">Part of the page did not arrive, perhaps because the connection was interrupted or is very slow.</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={state.retry}>
            Retry
          </button>
        </p>
      </section>
    );
  }
  return (
    <div className="container page page-loading" role="status">
      <span className="spinner" aria-hidden="true" /> Loading…
    </div>
  );
}

/**
 * The public site: one frame around the page that the shared route table names for the current
 * path. The seed's redirects also apply to in-app navigation (the server answers them with 301s).
 */
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { redirectFor } from '../../src/redirects';
import { matchRoute } from '../../src/routes';
import { SiteLayout } from './layout/SiteLayout';
import { NotFoundPage } from './NotFoundPage';
import { RoutedPage } from './RoutedPage';

export function PublicApp() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const target = redirectFor(path);

  useEffect(() => {
    if (target) navigate(target + (search ? `?${search}` : ''), { replace: true });
  }, [target, search, navigate]);

  // A new page starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);

  const match = target ? null : matchRoute(path);
  return (
    <SiteLayout path={path} known={match !== null}>
      {target ? null : match ? <RoutedPage key={match.route.path} match={match} /> : <NotFoundPage />}
    </SiteLayout>
  );
}

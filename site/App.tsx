/**
 * The top of the site: the CRM (its own layout, loaded only when /crm is visited), the applicant
 * portal (/apply, likewise) and the public
 * site. Both read their pages from the shared route table in src/routes.ts.
 */
import { lazy, Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { redirectFor } from '../src/redirects';
import { PublicApp } from './public/PublicApp';

const CrmApp = lazy(() => import('./crm/CrmApp'));
const ApplicantApp = lazy(() => import('./apply/ApplicantApp'));

export function App() {
  const [location] = useLocation();
  // A redirect (e.g. /crm/calendar.php -> /calendar) is the public site's to follow.
  if (redirectFor(location)) return <PublicApp />;
  return (
    <Switch>
      <Route path="/crm" nest>
        <Suspense fallback={null}>
          <CrmApp />
        </Suspense>
      </Route>
      <Route path="/apply" nest>
        <Suspense fallback={null}>
          <ApplicantApp />
        </Suspense>
      </Route>
      <Route>
        <PublicApp />
      </Route>
    </Switch>
  );
}

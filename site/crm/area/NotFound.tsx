/** An unknown path inside the signed-in CRM, with the seed's 404 text. */
import { Link } from 'wouter';
import { usePageTitle } from '../shared/usePageTitle';
import { PageHeading } from './PageHeading';

export function CrmNotFound() {
  usePageTitle('Page not found');
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p>Sorry! This page not found. It might be deleted or its name changed.</p>
      <p>
        <Link href="/dashboard">Go to the dashboard</Link>
      </p>
    </>
  );
}

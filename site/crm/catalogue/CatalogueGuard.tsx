/** Shows catalogue screens only to those who may edit; a direct URL otherwise says why not. */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useCatalogueAccess } from './access';

export const NO_PERMISSION = 'You do not have permission to edit the catalogue.';

function NoPermission() {
  usePageTitle('Catalogue');
  return (
    <>
      <PageHeading>Catalogue</PageHeading>
      <p className="crm-alert" role="alert">
        {NO_PERMISSION}
      </p>
      <p className="crm-muted">An admin can make you a catalogue editor on the Staff page.</p>
      <p>
        <Link href="/dashboard">Go to the dashboard</Link>
      </p>
    </>
  );
}

export function CatalogueGuard({ children }: { children: ReactNode }) {
  const access = useCatalogueAccess((state) => state.access);
  if (access === 'checking') return <LoadState loading error={null} />;
  if (access === 'denied') return <NoPermission />;
  return <>{children}</>;
}

/** /catalogue/announcements: the site's announcements (title, text, publication time). */
import type { CatalogueAnnouncement, CatalogueAnnouncementInput } from '../../../src/crm-catalogue-contract';
import { fromTorontoLocalInput, toTorontoLocalInput } from '../../../src/college-time';
import { formatDateTime } from '../area/labels';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { announcementsApi } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { ItemList } from './ItemList';
import { SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const FIELDS: readonly FieldSpec[] = [
  { key: 'title', label: 'Title', kind: 'text', required: true, wide: true },
  { key: 'published_at', label: 'Published (Toronto time)', kind: 'datetime', required: true },
  { key: 'body', label: 'Text', kind: 'area', required: true, wide: true },
];

const draftOf = (a: CatalogueAnnouncement | null): Draft => ({
  title: a?.title ?? '',
  body: a?.body ?? '',
  published_at: toTorontoLocalInput(a ? new Date(a.published_at) : new Date()).slice(0, 16),
});

const inputOf = (d: Draft): CatalogueAnnouncementInput => {
  // An unreadable time goes to the server as typed; its answer names the field.
  const at = fromTorontoLocalInput(text(d, 'published_at'));
  return { title: text(d, 'title'), body: text(d, 'body'), published_at: at ? at.toISOString() : text(d, 'published_at') };
};

export function AnnouncementsPage() {
  usePageTitle('Announcements');
  const { data, error, loading, reload } = useStaffQuery((signal) => announcementsApi.list(signal), 'announcements');
  const items = [...(data ?? [])].sort((a, b) => b.published_at.localeCompare(a.published_at));
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Announcements</PageHeading>
      <LoadState loading={loading && !data} error={error} />
      {data ? (
        <ItemList
          kind="announcement"
          noun="announcement"
          items={items}
          reload={reload}
          titleOf={(a) => a.title}
          detailOf={(a) => `Published ${formatDateTime(a.published_at)}`}
          remove={(a) => announcementsApi.remove(a._id, a.version)}
          renderForm={(item, done) => (
            <SpecForm
              idPrefix={`announcement-${item?._id ?? 'new'}`}
              label={item ? `Edit ${item.title}` : 'New announcement'}
              fields={FIELDS}
              initial={draftOf(item)}
              submitLabel={item ? 'Save announcement' : 'Add announcement'}
              success={item ? 'Announcement saved.' : 'Announcement added.'}
              onSaved={done}
              onConflict={reload}
              save={(d) =>
                item ? announcementsApi.update(item._id, { ...inputOf(d), version: item.version }) : announcementsApi.create(inputOf(d))
              }
            />
          )}
        />
      ) : null}
    </>
  );
}

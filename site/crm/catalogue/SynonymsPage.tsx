/**
 * /catalogue/search-synonyms: the site search's synonyms. A search containing a term ("office
 * 365") also looks for what it means in the catalogue's words ("microsoft 365"); a save takes
 * effect on every instance at once, like any catalogue change.
 */
import type { CatalogueSearchSynonym, CatalogueSearchSynonymInput } from '../../../src/crm-catalogue-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { searchSynonymsApi } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { ItemList } from './ItemList';
import { SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const FIELDS: readonly FieldSpec[] = [
  { key: 'term', label: 'When a search contains', kind: 'text', required: true, hint: 'The words a student types, e.g. office 365.' },
  {
    key: 'means',
    label: 'Also search for',
    kind: 'text',
    required: true,
    wide: true,
    hint: 'The catalogue’s words; separate several with commas, e.g. microsoft 365.',
  },
];

const draftOf = (s: CatalogueSearchSynonym | null): Draft => ({ term: s?.term ?? '', means: s?.means ?? '' });
const inputOf = (d: Draft): CatalogueSearchSynonymInput => ({ term: text(d, 'term'), means: text(d, 'means') });

export function SynonymsPage() {
  usePageTitle('Search synonyms');
  const { data, error, loading, reload } = useStaffQuery((signal) => searchSynonymsApi.list(signal), 'search-synonyms');
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Search synonyms</PageHeading>
      <p className="crm-muted">
        When a search on the site contains a term, it also looks for what the term means in the catalogue’s own words.
      </p>
      <LoadState loading={loading && !data} error={error} />
      {data ? (
        <ItemList
          kind="search_synonym"
          noun="synonym"
          items={data}
          reload={reload}
          titleOf={(s) => s.term}
          detailOf={(s) => `Also searches for: ${s.means}`}
          remove={(s) => searchSynonymsApi.remove(s._id, s.version)}
          renderForm={(item, done) => (
            <SpecForm
              idPrefix={`synonym-${item?._id ?? 'new'}`}
              label={item ? `Edit ${item.term}` : 'New synonym'}
              fields={FIELDS}
              initial={draftOf(item)}
              submitLabel={item ? 'Save synonym' : 'Add synonym'}
              success={item ? 'Synonym saved.' : 'Synonym added.'}
              onSaved={done}
              onConflict={reload}
              save={(d) =>
                item ? searchSynonymsApi.update(item._id, { ...inputOf(d), version: item.version }) : searchSynonymsApi.create(inputOf(d))
              }
            />
          )}
        />
      ) : null}
    </>
  );
}

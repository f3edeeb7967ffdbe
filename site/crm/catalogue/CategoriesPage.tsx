/** /catalogue/categories: categories and sub-categories per course type (order, names, slugs). */
import type { CatalogueCategory, CatalogueCategoryInput } from '../../../src/crm-catalogue-contract';
import { COURSE_TYPES, lookupTitle, type CourseTypeId } from '../../../src/lookups';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { createCategory, fetchCategories, updateCategory } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { choicesOf } from './fields';
import { ItemList } from './ItemList';
import { numberIn, SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const draftOf = (c: CatalogueCategory | null): Draft => ({
  course_type: String(c?.course_type ?? 1),
  parent_id: c?.parent_id ?? '',
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  position: String(c?.position ?? 0),
});

const inputOf = (d: Draft): CatalogueCategoryInput => {
  const type = Number(text(d, 'course_type'));
  return {
    course_type: (type === 2 || type === 3 ? type : 1) satisfies CourseTypeId,
    parent_id: text(d, 'parent_id') || null,
    name: text(d, 'name'),
    slug: text(d, 'slug'),
    description: text(d, 'description'),
    position: numberIn(d, 'position'),
  };
};

/** Top-level categories first, each followed by its sub-categories, in menu order. */
function inMenuOrder(all: CatalogueCategory[]): CatalogueCategory[] {
  const byPosition = (a: CatalogueCategory, b: CatalogueCategory) => a.course_type - b.course_type || a.position - b.position;
  return all
    .filter((c) => c.parent_id === null)
    .sort(byPosition)
    .flatMap((top) => [top, ...all.filter((c) => c.parent_id === top._id).sort(byPosition)]);
}

export function CategoriesPage() {
  usePageTitle('Catalogue categories');
  const { data, error, loading, reload } = useStaffQuery((signal) => fetchCategories(signal), 'categories');
  const all = data?.categories ?? [];
  const tops = all.filter((c) => c.parent_id === null);
  const nameOf = (id: string | null) => all.find((c) => c._id === id)?.name ?? '';
  const fields = (self: CatalogueCategory | null): FieldSpec[] => [
    { key: 'course_type', label: 'Course type', kind: 'select', choices: choicesOf(COURSE_TYPES) },
    {
      key: 'parent_id',
      label: 'Parent category',
      kind: 'select',
      hint: 'Empty for a top-level category.',
      choices: [
        { value: '', label: '— Top level —' },
        ...tops
          .filter((t) => t._id !== self?._id)
          .map((t) => ({ value: t._id, label: `${t.name} (${lookupTitle(COURSE_TYPES, t.course_type)})` })),
      ],
    },
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'slug', label: 'Slug (web address)', kind: 'text', required: true, hint: 'A changed slug keeps the old address as a redirect.' },
    { key: 'position', label: 'Order', kind: 'number', hint: 'Smaller comes first in the menus.' },
    { key: 'description', label: 'Description', kind: 'area', wide: true },
  ];
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Categories</PageHeading>
      <LoadState loading={loading && !data} error={error} />
      {data ? (
        <ItemList
          kind="category"
          noun="category"
          items={inMenuOrder(all)}
          reload={reload}
          historyNames={Object.fromEntries(all.map((c) => [c._id, c.name]))}
          titleOf={(c) => (c.parent_id ? `${nameOf(c.parent_id)} › ${c.name}` : c.name)}
          detailOf={(c) => `${lookupTitle(COURSE_TYPES, c.course_type)} · /${c.slug} · order ${c.position}`}
          renderForm={(category, done) => (
            <SpecForm
              idPrefix={`category-${category?._id ?? 'new'}`}
              label={category ? `Edit ${category.name}` : 'New category'}
              fields={fields(category)}
              initial={draftOf(category)}
              submitLabel={category ? 'Save category' : 'Add category'}
              success={category ? 'Category saved.' : 'Category added.'}
              onSaved={done}
              onConflict={reload}
              save={(d) =>
                category ? updateCategory(category._id, { ...inputOf(d), version: category.version }) : createCategory(inputOf(d))
              }
            />
          )}
        />
      ) : null}
    </>
  );
}

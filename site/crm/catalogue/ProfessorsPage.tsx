/** /catalogue/professors: the Professors page's list (name, title, credentials, bio, courses, photo). */
import type { CatalogueProfessor, CatalogueProfessorInput } from '../../../src/crm-catalogue-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchAllCourses, professorsApi } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { ItemList } from './ItemList';
import { ProfessorPhoto } from './ProfessorPhoto';
import { flag, list, numberIn, SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const draftOf = (p: CatalogueProfessor | null): Draft => ({
  name: p?.name ?? '',
  title: p?.title ?? '',
  credentials: (p?.credentials ?? []).join('\n'),
  bio: p?.bio ?? '',
  course_ids: p?.course_ids ?? [],
  position: String(p?.position ?? 0),
  sample: p?.sample ?? false,
});

const inputOf = (d: Draft): CatalogueProfessorInput => ({
  name: text(d, 'name'),
  title: text(d, 'title'),
  credentials: list(d, 'credentials'),
  bio: text(d, 'bio'),
  course_ids: list(d, 'course_ids'),
  position: numberIn(d, 'position'),
  sample: flag(d, 'sample'),
});

export function ProfessorsPage() {
  usePageTitle('Professors');
  const professors = useStaffQuery((signal) => professorsApi.list(signal), 'professors');
  const courses = useStaffQuery((signal) => fetchAllCourses(signal), 'all-courses');
  const fields: FieldSpec[] = [
    { key: 'name', label: 'Name', kind: 'text', required: true },
    { key: 'title', label: 'Title', kind: 'text', required: true, hint: 'e.g. Lead Instructor, Networking' },
    { key: 'credentials', label: 'Credentials (one per line)', kind: 'area' },
    { key: 'bio', label: 'Short bio', kind: 'area', wide: true },
    {
      key: 'course_ids',
      label: 'Courses taught',
      kind: 'multi',
      choices: (courses.data ?? []).map((c) => ({ value: c._id, label: c.course_name })),
    },
    { key: 'position', label: 'Order', kind: 'number', hint: 'Smaller comes first.' },
    { key: 'sample', label: 'Sample data (labelled as such on the site)', kind: 'check' },
  ];
  const items = [...(professors.data ?? [])].sort((a, b) => a.position - b.position);
  const ready = professors.data && courses.data;
  return (
    <>
      <CatalogueTabs />
      <PageHeading>Professors</PageHeading>
      <LoadState loading={!ready && !professors.error && !courses.error} error={professors.error ?? courses.error} />
      {ready ? (
        <ItemList
          historyNames={Object.fromEntries((courses.data ?? []).map((c) => [c._id, c.course_name]))}
          kind="professor"
          noun="professor"
          items={items}
          reload={professors.reload}
          titleOf={(p) => p.name}
          detailOf={(p) => (
            <>
              <p className="crm-muted">
                {p.title}
                {p.sample ? ' · sample data' : ''}
              </p>
              <ProfessorPhoto professor={p} onChanged={professors.reload} />
            </>
          )}
          remove={(p) => professorsApi.remove(p._id, p.version)}
          renderForm={(item, done) => (
            <SpecForm
              idPrefix={`professor-${item?._id ?? 'new'}`}
              label={item ? `Edit ${item.name}` : 'New professor'}
              fields={fields}
              initial={draftOf(item)}
              submitLabel={item ? 'Save professor' : 'Add professor'}
              success={item ? 'Professor saved.' : 'Professor added.'}
              onSaved={done}
              onConflict={professors.reload}
              save={(d) =>
                item ? professorsApi.update(item._id, { ...inputOf(d), version: item.version }) : professorsApi.create(inputOf(d))
              }
            />
          )}
        />
      ) : null}
    </>
  );
}

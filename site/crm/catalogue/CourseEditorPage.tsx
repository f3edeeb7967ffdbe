/** /catalogue/courses/:id (or /new): the editor, a link to the public page, intakes and the history. */
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CatalogueCourse } from '../../../src/crm-catalogue-contract';
import { LoadState, PageHeading } from '../area/PageHeading';
import { usePageTitle } from '../shared/usePageTitle';
import { useStaffQuery } from '../shared/useStaffQuery';
import { fetchCategories, fetchCourse } from './catalogue-api';
import { CatalogueTabs } from './CatalogueTabs';
import { ChangeHistory } from './ChangeHistory';
import { CourseEditor } from './CourseEditor';
import { IntakesSection } from './IntakesSection';
import { ChecklistEditor } from './ChecklistEditor';
import { ContractTermsEditor } from './ContractTermsEditor';

export function CourseEditorPage({ id }: { id: string | null }) {
  const [, navigate] = useLocation();
  const course = useStaffQuery((signal) => (id ? fetchCourse(id, signal) : Promise.resolve(null)), `course:${id ?? 'new'}`);
  const categories = useStaffQuery((signal) => fetchCategories(signal), 'categories');
  // The saved course, once saved here: newer than what was loaded.
  const [saved, setSaved] = useState<CatalogueCourse | null>(null);
  const current = saved && saved._id === id ? saved : course.data;
  usePageTitle(current ? current.course_name : 'New course');

  function onSaved(next: CatalogueCourse) {
    setSaved(next);
    if (!id) navigate(`/catalogue/courses/${next._id}`, { replace: true });
  }

  const ready = (!id || current) && categories.data;
  const categoryNames = Object.fromEntries((categories.data?.categories ?? []).map((c) => [c._id, c.name]));
  return (
    <>
      <CatalogueTabs />
      <p className="crm-back">
        <Link href="/catalogue/courses">← All courses and programs</Link>
      </p>
      <PageHeading>{id ? (current?.course_name ?? 'Course') : 'New course'}</PageHeading>
      <LoadState loading={!ready && !course.error && !categories.error} error={course.error ?? categories.error} />
      {current ? (
        <p className="crm-inline crm-course-links">
          <a href={current.path} target="_blank" rel="noopener">
            View page<span className="crm-visually-hidden"> (opens in a new tab)</span>
          </a>
          {current.updated_by ? <span className="crm-muted">Last saved by {current.updated_by.name}</span> : null}
        </p>
      ) : null}
      {ready ? (
        <CourseEditor
          key={`${current?._id ?? 'new'}:${current?.version ?? 0}`}
          course={current ?? null}
          categories={categories.data?.categories ?? []}
          onSaved={onSaved}
        />
      ) : null}
      {current ? (
        <div className="crm-course-extras">
          <IntakesSection courseId={current._id} />
          <ChecklistEditor courseId={current._id} />
          <ContractTermsEditor courseId={current._id} />
          <section className="crm-card">
            <ChangeHistory kind="course" id={current._id} round={current.version} names={categoryNames} />
          </section>
        </div>
      ) : null}
    </>
  );
}

/**
 * The course and program editor: every field of CatalogueCourseInput in fieldsets, saved with the
 * version it was read at. A failed save lists its problems at the top (focused) and beside each field;
 * a 409 explains that someone else saved first and offers to load their version.
 */
import { useState, type FormEvent } from 'react';
import type { CatalogueCategory, CatalogueCourse } from '../../../src/crm-catalogue-contract';
import { createCourse, fetchCourse, updateCourse } from './catalogue-api';
import { draftOf, inputOf, slugFrom, type CourseDraft, type TextKey } from './course-draft';
import { courseFieldId, courseFieldOf, courseLabelOf } from './course-labels';
import { CourseFormContext } from './CourseFormContext';
import { CourseBasics, CourseDelivery, CourseDescription } from './CourseBasics';
import { CourseAdmission, CourseFees, CourseKpi, CourseOutcomes } from './CourseContentFields';
import { ErrorSummary } from './ErrorSummary';
import { currentOf } from './save';
import { useSave } from './useSave';
import { confirmAction } from '../shared/confirm';

export function CourseEditor({
  course,
  categories,
  onSaved,
}: {
  course: CatalogueCourse | null;
  categories: CatalogueCategory[];
  onSaved(course: CatalogueCourse): void;
}) {
  const [draft, setDraft] = useState<CourseDraft>(() => draftOf(course));
  const { problem, setProblem, saving, runSave } = useSave();
  const [conflict, setConflict] = useState<CatalogueCourse | null>(null);

  function setText(key: TextKey, value: string) {
    setDraft((d) => {
      const text = { ...d.text, [key]: value };
      // A new course's slug follows its name until someone edits the slug.
      if (key === 'course_name' && !course && d.text.slug === slugFrom(d.text.course_name)) text.slug = slugFrom(value);
      if (key === 'course_type') Object.assign(text, { category_id: '', sub_category_id: '' });
      if (key === 'category_id') text.sub_category_id = '';
      return { ...d, text };
    });
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inputOf(draft);
    if (course && course.status === 1 && input.status === 2 && !(await confirmWithdrawal(course))) return;
    const outcome = await runSave(
      () => (course ? updateCourse(course._id, { ...input, version: course.version }) : createCourse(input)),
      course ? 'Course saved. The site shows the change now.' : 'Course created.',
    );
    if (outcome.ok) {
      setConflict(null);
      onSaved(outcome.value);
      return;
    }
    setConflict(outcome.conflict ? await currentVersion(course, outcome.body) : null);
  }

  function loadCurrent() {
    if (!conflict) return;
    setDraft(draftOf(conflict));
    setProblem(null);
    setConflict(null);
    onSaved(conflict);
  }

  return (
    <CourseFormContext.Provider
      value={{ draft, setText, update: (change) => setDraft((d) => ({ ...d, ...change })), errors: problem?.errors ?? {} }}
    >
      <form
        className="crm-form crm-course-form"
        onSubmit={save}
        noValidate
        aria-label={course ? `Edit ${course.course_name}` : 'New course'}
      >
        <ErrorSummary
          problem={problem}
          fieldId={(key) => (courseFieldOf(key) ? courseFieldId(courseFieldOf(key) ?? key) : null)}
          labelOf={courseLabelOf}
        >
          {conflict ? (
            <p>
              <button type="button" className="crm-button" onClick={loadCurrent}>
                Load the current version
              </button>{' '}
              <span className="crm-muted">Your unsaved changes here are replaced by the saved version.</span>
            </p>
          ) : null}
        </ErrorSummary>
        <CourseBasics categories={categories} />
        <CourseDescription />
        <CourseDelivery />
        <CourseFees />
        <CourseAdmission />
        <CourseOutcomes />
        <CourseKpi />
        <div className="crm-form-actions crm-sticky-actions">
          <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
            {course ? 'Save changes' : 'Create course'}
          </button>
          {course ? <span className="crm-muted">Version {course.version}</span> : null}
        </div>
      </form>
    </CourseFormContext.Provider>
  );
}

/** Making an active course inactive takes it off the site: asked first, naming what happens. */
function confirmWithdrawal(course: CatalogueCourse): Promise<boolean> {
  return confirmAction({
    title: `Withdraw ${course.course_name}?`,
    message:
      'Saving it as inactive takes it off the site now: its page answers "no longer offered" (410) and points to its category, ' +
      'and it leaves the menus, search, the sitemap and the inquiry form. Leads that named it keep it. You can make it active again later.',
    confirmLabel: 'Withdraw and save',
  });
}

/** The version that won: from the 409 answer when it carries one, else read again. */
async function currentVersion(course: CatalogueCourse | null, body: unknown): Promise<CatalogueCourse | null> {
  if (!course) return null;
  return currentOf<CatalogueCourse>(body) ?? fetchCourse(course._id).catch(() => null);
}

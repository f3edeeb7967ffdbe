/** Basics (name, slug, type, category filtered by type, vocational, status), description and duration. */
import type { CatalogueCategory } from '../../../src/crm-catalogue-contract';
import { COURSE_TYPES, DELIVERY_MODES, DURATION_UNITS, STATUSES } from '../../../src/lookups';
import { CheckField, choicesOf } from './fields';
import { COURSE_LABELS, courseFieldId } from './course-labels';
import { DraftArea, DraftSelect, DraftText, useCourseForm } from './CourseFormContext';
import { errorFor } from './save';

const NONE = { value: '', label: '— None —' };

export function CourseBasics({ categories }: { categories: CatalogueCategory[] }) {
  const { draft, setText, update, errors } = useCourseForm();
  const type = Number(draft.text.course_type);
  const tops = categories.filter((c) => c.parent_id === null && c.course_type === type).sort((a, b) => a.position - b.position);
  const subs = categories
    .filter((c) => c.parent_id !== null && c.parent_id === draft.text.category_id)
    .sort((a, b) => a.position - b.position);
  return (
    <fieldset className="crm-fieldset">
      <legend>Basics</legend>
      <div className="crm-form-grid">
        <DraftText k="course_name" required className="crm-form-grid__wide" />
        <DraftText
          k="slug"
          required
          hint="Changing it keeps the old address working: it redirects (301) to the new one."
          className="crm-form-grid__wide"
        />
        <DraftSelect k="course_type" choices={choicesOf(COURSE_TYPES)} />
        <DraftSelect
          k="status"
          choices={choicesOf(STATUSES)}
          hint="An inactive course leaves the menus, search and the inquiry form; its page answers 410 Gone."
        />
        {/* Changing the type or the category clears choices that no longer fit. */}
        <DraftSelect k="category_id" choices={[NONE, ...tops.map((c) => ({ value: c._id, label: c.name }))]} />
        <DraftSelect k="sub_category_id" choices={[NONE, ...subs.map((c) => ({ value: c._id, label: c.name }))]} />
        <CheckField
          id={courseFieldId('vocational')}
          label={COURSE_LABELS.vocational}
          checked={draft.vocational}
          onChecked={(vocational) => update({ vocational })}
          error={errorFor(errors, 'vocational')}
          hint="Vocational programs publish Ontario KPI figures."
        />
      </div>
      {tops.some((c) => c._id === draft.text.category_id) || !draft.text.category_id ? null : (
        <p className="crm-hint crm-muted">
          The category belongs to another course type.{' '}
          <button
            type="button"
            className="crm-link-button"
            onClick={() => {
              setText('category_id', '');
              setText('sub_category_id', '');
            }}
          >
            Clear it
          </button>
        </p>
      )}
    </fieldset>
  );
}

export function CourseDescription() {
  return (
    <fieldset className="crm-fieldset">
      <legend>Description</legend>
      <div className="crm-form-grid">
        <DraftArea k="summary" rows={2} className="crm-form-grid__full" />
        <DraftArea k="description" rows={6} className="crm-form-grid__full" />
        <DraftArea k="outline" rows={6} className="crm-form-grid__full" />
      </div>
    </fieldset>
  );
}

export function CourseDelivery() {
  return (
    <fieldset className="crm-fieldset">
      <legend>Duration, delivery and certification</legend>
      <div className="crm-form-grid">
        <DraftText k="duration" type="number" required />
        <DraftSelect k="duration_unit" choices={choicesOf(DURATION_UNITS)} />
        <DraftSelect k="delivery_mode" choices={choicesOf(DELIVERY_MODES)} />
        <DraftText
          k="certification"
          className="crm-form-grid__wide"
          hint="e.g. CompTIA A+ (220-1101 and 220-1102); leave empty when none."
        />
      </div>
    </fieldset>
  );
}

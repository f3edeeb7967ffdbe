/** A course's intakes (start, end, schedule, delivery mode, seats): list, add, edit, delete. */
import type { CatalogueIntake, CatalogueIntakeInput } from '../../../src/crm-catalogue-contract';
import { DELIVERY_MODES, lookupTitle, type DeliveryModeId } from '../../../src/lookups';
import { useStaffQuery } from '../shared/useStaffQuery';
import { createIntake, deleteIntake, fetchIntakes, updateIntake } from './catalogue-api';
import { choicesOf } from './fields';
import { ItemList } from './ItemList';
import { numberIn, SpecForm, text, type Draft, type FieldSpec } from './SpecForm';

const FIELDS: readonly FieldSpec[] = [
  { key: 'start_date', label: 'Start date', kind: 'date', required: true },
  { key: 'end_date', label: 'End date', kind: 'date', required: true },
  { key: 'schedule', label: 'Schedule', kind: 'text', hint: 'e.g. Mon–Thu 6–10 p.m.', wide: true },
  { key: 'delivery_mode', label: 'Delivery mode', kind: 'select', choices: choicesOf(DELIVERY_MODES) },
  { key: 'seats', label: 'Seats', kind: 'number', hint: 'Empty when not limited.' },
];

const draftOf = (i: CatalogueIntake | null): Draft => ({
  start_date: i?.start_date ?? '',
  end_date: i?.end_date ?? '',
  schedule: i?.schedule ?? '',
  delivery_mode: String(i?.delivery_mode ?? 1),
  seats: i?.seats === null || i?.seats === undefined ? '' : String(i.seats),
});

const inputOf = (d: Draft): CatalogueIntakeInput => ({
  start_date: text(d, 'start_date'),
  end_date: text(d, 'end_date'),
  schedule: text(d, 'schedule'),
  delivery_mode: (text(d, 'delivery_mode') === '2' ? 2 : 1) satisfies DeliveryModeId,
  seats: text(d, 'seats') ? numberIn(d, 'seats') : null,
});

export function IntakesSection({ courseId }: { courseId: string }) {
  const { data, error, reload } = useStaffQuery((signal) => fetchIntakes(courseId, signal), `intakes:${courseId}`);
  const intakes = [...(data?.intakes ?? [])].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    <section className="crm-card" aria-labelledby="intakes-heading">
      <h2 id="intakes-heading">Intakes</h2>
      {error ? (
        <p className="crm-alert" role="alert">
          {error}
        </p>
      ) : null}
      <ItemList
        kind="intake"
        noun="intake"
        items={intakes}
        reload={reload}
        headingLevel={3}
        titleOf={(i) => `${i.start_date} to ${i.end_date}`}
        detailOf={(i) =>
          `${lookupTitle(DELIVERY_MODES, i.delivery_mode)}${i.schedule ? ` · ${i.schedule}` : ''} · ${i.seats === null ? 'seats not limited' : `${i.seats} seats`}`
        }
        remove={(i) => deleteIntake(i._id, i.version)}
        renderForm={(intake, done) => (
          <SpecForm
            idPrefix={`intake-${intake?._id ?? 'new'}`}
            label={intake ? `Edit intake starting ${intake.start_date}` : 'New intake'}
            fields={FIELDS}
            initial={draftOf(intake)}
            submitLabel={intake ? 'Save intake' : 'Add intake'}
            success={intake ? 'Intake saved.' : 'Intake added.'}
            onSaved={done}
            onConflict={reload}
            save={(d) =>
              intake ? updateIntake(intake._id, { ...inputOf(d), version: intake.version }) : createIntake(courseId, inputOf(d))
            }
          />
        )}
      />
    </section>
  );
}

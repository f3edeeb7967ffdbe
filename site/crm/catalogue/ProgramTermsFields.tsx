/** The program's own elements in the contract-terms editor (issue 34), each a labelled field; blanks are missing elements. */
import { AreaField, SelectField, TextField } from './fields';
import type { TermsForm } from './contract-terms-form';

const DELIVERY_CHOICES = [
  { value: '', label: 'Not set' },
  { value: 'in_person', label: 'In person' },
  { value: 'online', label: 'Online' },
  { value: 'hybrid', label: 'Hybrid (in person and online)' },
];

export function ProgramTermsFields({
  form,
  errors,
  set,
}: {
  form: TermsForm;
  errors: Record<string, string>;
  set(patch: Partial<TermsForm>): void;
}) {
  return (
    <>
      <TextField
        id="terms-name"
        label="Approved program name"
        value={form.approved_name}
        maxLength={200}
        error={errors.approved_name}
        onValue={(v) => set({ approved_name: v })}
      />
      <TextField
        id="terms-language"
        label="Language of instruction"
        value={form.language}
        maxLength={60}
        error={errors.language}
        onValue={(v) => set({ language: v })}
      />
      <TextField
        id="terms-hours"
        label="Hours of instruction"
        type="number"
        min={1}
        max={10000}
        step="1"
        value={form.hours}
        error={errors.hours}
        onValue={(v) => set({ hours: v })}
      />
      <SelectField
        id="terms-delivery"
        label="Delivery method"
        value={form.delivery}
        choices={DELIVERY_CHOICES}
        error={errors.delivery}
        onValue={(v) => set({ delivery: v as TermsForm['delivery'] })}
      />
      <AreaField
        id="terms-locations"
        label="Locations"
        hint="Campus addresses where classes are held."
        value={form.locations}
        error={errors.locations}
        onValue={(v) => set({ locations: v })}
      />
      <TextField
        id="terms-platform"
        label="Online platform"
        hint="Needed for online or hybrid delivery."
        value={form.online_platform}
        maxLength={300}
        error={errors.online_platform}
        onValue={(v) => set({ online_platform: v })}
      />
      <AreaField
        id="terms-online"
        label="Online details"
        hint="What the student needs and does online (online or hybrid delivery)."
        value={form.online_details}
        error={errors.online_details}
        onValue={(v) => set({ online_details: v })}
      />
      <AreaField
        id="terms-practicum"
        label="Practicum"
        hint="Leave blank when the program has no practicum."
        value={form.practicum}
        error={errors.practicum}
        onValue={(v) => set({ practicum: v })}
      />
    </>
  );
}

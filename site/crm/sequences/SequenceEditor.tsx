/**
 * Creating or editing a sequence: name, paused, the ordered steps, who enters it (rules) and the
 * stages that end it. Saving a live sequence changes only the steps its leads have not reached.
 */
import { useState, type FormEvent } from 'react';
import type { EnrolRule, Sequence, SequenceInput, SequenceStep } from '../../../src/sequences-contract';
import { COURSE_TYPES, LEAD_SOURCES, LEAD_STAGES, LOCATIONS, type LeadStageId } from '../../../src/lookups';
import { FormFeedback, useFormFeedback } from '../shared/FormFeedback';
import { errorMessage } from '../shared/api';
import { createSequence, saveSequence } from './sequences-api';
import { StepFields } from './StepFields';
import { LookupSelect } from './LookupSelect';
import { EnrolWhenField, withOutcome } from '../events/EnrolWhenField';
import { describeEnrolment } from '../../../src/sequence-text';

const EMPTY: SequenceInput = { name: '', paused: false, exit_stages: [], rules: [], steps: [{ kind: 'wait', days: 1 }] };

export function SequenceEditor({
  sequence,
  templates,
  onSaved,
}: {
  sequence: Sequence | null;
  templates: { id: string; name: string }[];
  onSaved(id: string): void;
}) {
  const [draft, setDraft] = useState<SequenceInput>(sequence ?? EMPTY);
  const [saving, setSaving] = useState(false);
  const { feedback, clear, succeed, fail } = useFormFeedback();
  const rule: EnrolRule = draft.rules[0] ?? {};
  const setRule = (change: Partial<Record<keyof EnrolRule, number | undefined>>) => {
    const next = Object.fromEntries(Object.entries({ ...rule, ...change }).filter(([, v]) => v !== undefined)) as EnrolRule;
    setDraft({ ...draft, rules: Object.keys(next).length > 0 ? [next] : [] });
  };
  const setStep = (index: number, step: SequenceStep) => setDraft({ ...draft, steps: draft.steps.map((s, i) => (i === index ? step : s)) });
  const move = (index: number, by: -1 | 1) => {
    const steps = [...draft.steps];
    const [taken] = steps.splice(index, 1);
    if (taken) steps.splice(index + by, 0, taken);
    setDraft({ ...draft, steps });
  };
  const toggleStage = (stage: LeadStageId) =>
    setDraft({
      ...draft,
      exit_stages: draft.exit_stages.includes(stage) ? draft.exit_stages.filter((s) => s !== stage) : [...draft.exit_stages, stage],
    });

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clear();
    setSaving(true);
    try {
      const saved = sequence ? await saveSequence(sequence.id, { ...draft, version: sequence.version }) : await createSequence(draft);
      succeed('Sequence saved.');
      onSaved(saved.id);
    } catch (error) {
      fail(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="crm-form crm-card" onSubmit={save} aria-label={sequence ? `Edit ${sequence.name}` : 'New sequence'}>
      <div className="crm-field">
        <label htmlFor="sequence-name">Name</label>
        <input
          id="sequence-name"
          required
          maxLength={100}
          value={draft.name}
          onInput={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
        />
      </div>
      <label className="crm-check">
        <input type="checkbox" checked={draft.paused} onChange={(e) => setDraft({ ...draft, paused: e.currentTarget.checked })} />
        Paused (no step runs and no new lead enters until resumed)
      </label>
      <h3>Steps</h3>
      {draft.steps.map((step, index) => (
        <StepFields
          key={step.id ?? `new-${index}`}
          step={step}
          index={index}
          count={draft.steps.length}
          templates={templates}
          onChange={(changed) => setStep(index, changed)}
          onMove={(by) => move(index, by)}
          onRemove={() => setDraft({ ...draft, steps: draft.steps.filter((_, i) => i !== index) })}
        />
      ))}
      <div>
        <button
          type="button"
          className="crm-button"
          disabled={draft.steps.length >= 20}
          onClick={() => setDraft({ ...draft, steps: [...draft.steps, { kind: 'task', task_type: 1, subject: '' }] })}
        >
          Add a step
        </button>
      </div>
      <EnrolWhenField value={rule.event_outcome} onChange={(o) => setDraft({ ...draft, rules: withOutcome(draft.rules, o) })} />
      <fieldset className="crm-multi" aria-describedby="sequence-rule-summary">
        <legend>New leads who enter it</legend>
        <LookupSelect
          any
          label="Course type"
          id="sequence-rule-type"
          value={rule.course_type}
          options={COURSE_TYPES}
          onChange={(v) => setRule({ course_type: v })}
        />
        <LookupSelect
          any
          label="Local or international"
          id="sequence-rule-location"
          value={rule.location}
          options={LOCATIONS}
          onChange={(v) => setRule({ location: v })}
        />
        <LookupSelect
          any
          label="Source"
          id="sequence-rule-source"
          value={rule.source}
          options={LEAD_SOURCES}
          onChange={(v) => setRule({ source: v })}
        />
        {/* The same sentence the list shows, as the choices change: "Any" everywhere reads as manual only. */}
        <p id="sequence-rule-summary" className="crm-hint" aria-live="polite">
          Who enters: {describeEnrolment(draft.rules).join(' ')}
        </p>
      </fieldset>
      <fieldset className="crm-multi">
        <legend>A lead leaves it at these stages</legend>
        <div className="crm-multi__options">
          {LEAD_STAGES.map((stage) => (
            <label key={stage.id} className="crm-check">
              <input type="checkbox" checked={draft.exit_stages.includes(stage.id)} onChange={() => toggleStage(stage.id)} />
              {stage.title}
            </label>
          ))}
        </div>
      </fieldset>
      <FormFeedback feedback={feedback} />
      <div>
        <button type="submit" className="crm-button crm-button--primary" disabled={saving}>
          Save sequence
        </button>
      </div>
    </form>
  );
}

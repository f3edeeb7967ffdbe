/**
 * A catalogue form's save state: `saving` while a save runs (the submit button is disabled), and
 * the failure shown in the ErrorSummary, cleared by a success and counted by round on each failure
 * so the summary takes focus again. The form handles what is its own (a conflict, onSaved).
 */
import { useCallback, useState } from 'react';
import type { SummaryProblem } from './ErrorSummary';
import { trySave, type SaveOutcome } from './save';

export function useSave() {
  const [problem, setProblem] = useState<SummaryProblem | null>(null);
  const [saving, setSaving] = useState(false);

  const runSave = useCallback(async <T>(save: () => Promise<T>, success: string): Promise<SaveOutcome<T>> => {
    setSaving(true);
    const outcome = await trySave(save, success);
    setSaving(false);
    if (outcome.ok) setProblem(null);
    else setProblem((p) => ({ message: outcome.message, errors: outcome.errors, round: (p?.round ?? 0) + 1 }));
    return outcome;
  }, []);

  return { problem, setProblem, saving, runSave };
}

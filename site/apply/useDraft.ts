/**
 * The draft as the applicant types (issue 33): each change is kept locally at once and saved to
 * the server half a second after the last keystroke, only the fields changed (so another tab's
 * fields are never overwritten). `flush` saves what is pending before a step is checked.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../src/api-client';
import type { ApplicantApplication, ApplicationAnswers } from '../../src/application-contract';
import { saveFields } from './applicant-api';

const SAVE_AFTER_MS = 500;
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export function useDraft(application: ApplicantApplication, onSaved: (next: ApplicantApplication) => void) {
  const [answers, setAnswers] = useState<ApplicationAnswers>(application.answers);
  const [state, setState] = useState<SaveState>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const pending = useRef<ApplicationAnswers>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const fields = pending.current;
    if (Object.keys(fields).length === 0) return true;
    pending.current = {};
    setState('saving');
    try {
      const next = await saveFields(fields);
      setState('saved');
      setProblem(null);
      // Fields typed while this save was on its way stay as typed.
      setAnswers({ ...next.answers, ...pending.current });
      onSaved(next);
      return true;
    } catch (error) {
      pending.current = { ...fields, ...pending.current };
      setState('failed');
      setProblem(error instanceof ApiError ? error.message : 'Your last change could not be saved. Please try again.');
      return false;
    }
  }, [onSaved]);

  const change = useCallback(
    (field: keyof ApplicationAnswers, value: string | boolean) => {
      setAnswers((current) => ({ ...current, [field]: value }));
      pending.current = { ...pending.current, [field]: value };
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_AFTER_MS);
    },
    [flush],
  );

  // Leaving the page saves what is pending.
  useEffect(() => {
    const leave = () => void flush();
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [flush]);

  return { answers, change, flush, state, problem };
}

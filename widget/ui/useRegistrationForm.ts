/**
 * The event registration form lives in a chunk of its own (ui/registration.ts), fetched the
 * first time a register() request is shown and kept for the page's life. Until it is here the
 * widget shows no dialog; a failed download is reported like a failed form download (the
 * loader's message) and tried again on the next register(), as the form's own is on the next open().
 */
import { useLayoutEffect, useState } from 'react';
import { reportLoadFailure } from '../load-failure';
import type { RegistrationForm } from './RegistrationForm';

export type RegistrationFormComponent = typeof RegistrationForm;

let loaded: RegistrationFormComponent | null = null;
let loading: Promise<RegistrationFormComponent> | null = null;

function loadRegistrationForm(): Promise<RegistrationFormComponent> {
  loading ??= import('./registration').then(
    (chunk) => (loaded = chunk.RegistrationForm),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The registration form's component once its chunk is here, else null. `request` is the open
 * registration's id (null while none is open): each new register() may try a failed download again.
 */
export function useRegistrationForm(request: number | null): RegistrationFormComponent | null {
  const [component, setComponent] = useState(() => loaded);
  // A layout effect: the download starts as the request is rendered, not a frame later.
  useLayoutEffect(() => {
    if (request === null || component) return;
    let current = true;
    loadRegistrationForm().then(
      // A function component is itself a function: passed bare, the state setter would call it.
      (form) => current && setComponent(() => form),
      (error: unknown) => current && reportLoadFailure(error),
    );
    return () => {
      current = false;
    };
  }, [request, component]);
  return component;
}

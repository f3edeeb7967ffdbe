/** The CRM guard: every screen but login / forgot / reset needs token and user_public (seed §4). */
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { isSignedIn, useAuth } from '../stores/auth';

export function RequireSignIn({ children }: { children: ReactNode }) {
  // Subscribed, so a sign-out or a 401 anywhere (which clears the store) leaves at once.
  const signedIn = useAuth((state) => isSignedIn(state));
  if (!signedIn) return <Redirect to="/login" replace />;
  return <>{children}</>;
}

/**
 * The CRM guard: every screen but login / forgot / reset needs token and user_public (requirements R-signed-in).
 * An account that the college requires to set up two-factor sign-in sees only its set-up page.
 */
import type { ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { isSignedIn, useAuth } from '../stores/auth';
import { TWO_FACTOR_PATH, useTwoFactorGate } from '../stores/two-factor';

export function RequireSignIn({ children }: { children: ReactNode }) {
  // Subscribed, so a sign-out or a 401 anywhere (which clears the store) leaves at once.
  const signedIn = useAuth((state) => isSignedIn(state));
  const setupRequired = useTwoFactorGate((state) => state.setupRequired);
  const [location] = useLocation();
  if (!signedIn) return <Redirect to="/login" replace />;
  if (setupRequired && location !== TWO_FACTOR_PATH) return <Redirect to={TWO_FACTOR_PATH} replace />;
  return <>{children}</>;
}

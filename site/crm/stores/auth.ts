/**
 * The signed-in state (requirements R-signed-in): the token and the public user, persisted under exactly the
 * localStorage keys `token` and `user_public`. Signed in means both are present. The keys are
 * written by hand rather than by zustand's persist middleware, which would store one JSON blob
 * under a key of its own.
 */
import { create } from 'zustand';
import type { PublicUser } from '../../../src/contract';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user_public';

export interface AuthState {
  token: string | null;
  user: PublicUser | null;
  /** Stores the credentials of a successful sign-in. */
  signIn(token: string, user: PublicUser): void;
  /** Forgets the credentials (sign-out, or a session the server no longer knows). */
  clear(): void;
}

function isPublicUser(value: unknown): value is PublicUser {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v._id === 'string' && typeof v.name === 'string' && typeof v.email === 'string';
}

function readStorage(): Pick<AuthState, 'token' | 'user'> {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return { token: token || null, user: isPublicUser(parsed) ? parsed : null };
  } catch {
    // Storage disabled or a corrupt value: treat as signed out.
    return { token: null, user: null };
  }
}

export const useAuth = create<AuthState>()((set) => ({
  ...readStorage(),
  signIn(token, user) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ token, user });
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    set({ token: null, user: null });
  },
}));

export function isSignedIn(state: Pick<AuthState, 'token' | 'user'> = useAuth.getState()): boolean {
  return Boolean(state.token && state.user);
}

// Another tab signed in or out: follow it, so a stale token is not used here.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) useAuth.setState(readStorage());
  });
}

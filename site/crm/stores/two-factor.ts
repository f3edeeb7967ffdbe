/**
 * Whether the server has said that this account must set up two-factor sign-in before anything
 * else (at sign-in, or as a 403 from any staff call). The signed-in area then shows only the
 * set-up page until it is done.
 */
import { create } from 'zustand';

export interface TwoFactorGate {
  setupRequired: boolean;
  setSetupRequired(required: boolean): void;
}

export const useTwoFactorGate = create<TwoFactorGate>()((set) => ({
  setupRequired: false,
  setSetupRequired: (setupRequired) => set({ setupRequired }),
}));

/** The set-up page, relative to /crm. */
export const TWO_FACTOR_PATH = '/account/two-factor';

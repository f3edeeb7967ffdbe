/** The CRM's two-factor calls: the code step of sign-in (public) and the account's own settings. */
import { apiFetch } from '../../../src/api-client';
import type { MessageAnswer, RecoveryCodesAnswer, SignInAnswer, TwoFactorSetupAnswer, TwoFactorStatus } from '../../../src/contract';
import { API_BASE, staffFetch } from './api';

export const signInWithCode = (challenge: string, code: string) =>
  apiFetch<SignInAnswer>(API_BASE, '/users/signin/two-factor', { method: 'POST', body: { challenge, code } });

export const fetchTwoFactorStatus = (signal?: AbortSignal) => staffFetch<TwoFactorStatus>('/users/two-factor', signal ? { signal } : {});

export const startTwoFactorSetup = (password: string) =>
  staffFetch<TwoFactorSetupAnswer>('/users/two-factor/setup', { method: 'POST', body: { password } });

export const confirmTwoFactor = (code: string) =>
  staffFetch<RecoveryCodesAnswer>('/users/two-factor/confirm', { method: 'POST', body: { code } });

export const replaceRecoveryCodes = (password: string) =>
  staffFetch<RecoveryCodesAnswer>('/users/two-factor/recovery-codes', { method: 'POST', body: { password } });

export const disableTwoFactor = (password: string) =>
  staffFetch<MessageAnswer>('/users/two-factor/disable', { method: 'POST', body: { password } });

export const setTwoFactorRequired = (required: boolean) =>
  staffFetch<TwoFactorStatus>('/users/two-factor/policy', { method: 'PUT', body: { required } });

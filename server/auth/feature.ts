/** Staff sign-in: accounts' sessions, password reset, and their second factor (two-factor sign-in). */
import type { Feature } from '../features/feature';
import { registerUserRoutes } from './users-routes';
import { registerTwoFactorRoutes } from './two-factor-routes';

export const signInFeature: Feature = {
  name: 'sign-in',
  routes(api, ctx) {
    registerUserRoutes(api, ctx);
    registerTwoFactorRoutes(api, ctx);
  },
};

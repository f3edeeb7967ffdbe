/** Enrolment (issue 34): the contract and its signatures, the ledger and refunds, the programs' contract terms. */
import type { Feature } from '../features/feature';
import { registerContractRoutes } from './contract-routes';
import { registerMoneyRoutes } from './money-routes';
import { registerProgramTermsRoutes } from './terms-routes';

export const enrolmentFeature: Feature = {
  name: 'enrolment',
  routes(api, ctx) {
    registerContractRoutes(api, ctx);
    registerMoneyRoutes(api, ctx);
    registerProgramTermsRoutes(api, ctx);
  },
};

/** Issue 33: the applicant's sign-in, application, steps, submission and answer (/api/applicant). */
import type { AppContext } from '../context';
import type { ApiInstance } from '../routes/route-schema';

export function registerApplicantRoutes(api: ApiInstance, ctx: AppContext): void {
  void api;
  void ctx;
}

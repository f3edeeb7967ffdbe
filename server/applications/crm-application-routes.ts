/** Issue 33: the staff side of applications (/api/crm/applications, checklists, decision letters). */
import type { AppContext } from '../context';
import type { ApiInstance } from '../routes/route-schema';

export function registerCrmApplicationRoutes(api: ApiInstance, ctx: AppContext): void {
  void api;
  void ctx;
}

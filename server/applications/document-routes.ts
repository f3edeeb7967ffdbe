/** Issue 33: checklist documents: the applicant's uploads and files. */
import type { AppContext } from '../context';
import type { ApiInstance } from '../routes/route-schema';

export function registerApplicationDocumentRoutes(api: ApiInstance, ctx: AppContext): void {
  void api;
  void ctx;
}

/** Issue 34: filled in by its owner (stub wired into app.ts first). */
import type { AppContext } from '../context';
import type { ApiInstance } from '../routes/route-schema';

export function registerMoneyRoutes(_api: ApiInstance, _ctx: AppContext): void {}

import type { AppContext } from '../context';
import type { HealthAnswer } from '../../src/contract';
import { VERSION } from '../version';
import { spoolDepth } from '../leads/spool';
import { healthAnswer } from '../openapi/answers-public';
import type { ApiInstance } from './route-schema';

export function registerHealthRoutes(api: ApiInstance, ctx: AppContext): void {
  api.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { summary: 'Whether the server and its database are up', response: { 200: healthAnswer, 503: healthAnswer } },
    },
    async (_request, reply) => {
      let database: HealthAnswer['database'] = 'up';
      try {
        await ctx.db.pool.query('SELECT 1');
      } catch {
        database = 'down';
      }
      const answer: HealthAnswer = {
        status: database === 'up' ? 'ok' : 'degraded',
        database,
        version: VERSION,
        spooled_leads: await spoolDepth(ctx.config.dataDir),
      };
      return reply
        .header('Cache-Control', 'no-store')
        .status(database === 'up' ? 200 : 503)
        .send(answer);
    },
  );
}

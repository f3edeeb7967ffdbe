import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { HealthAnswer } from '../../src/contract';
import { VERSION } from '../version';
import { spoolDepth } from '../leads/spool';

export function registerHealthRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get('/health', async (_request, reply) => {
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
    return reply.header('Cache-Control', 'no-store').status(database === 'up' ? 200 : 503).send(answer);
  });
}

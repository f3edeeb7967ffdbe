import { startTestServer, type TestServer } from '../support/server';
import { testDatabaseKinds } from '../support/database';

describe.each(testDatabaseKinds())('health and errors (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  });
  afterAll(async () => {
    await server.close();
  });

  test('GET /api/health reports the database up', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  test('an unknown API call answers 404 JSON with a message', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/no API call/);
  });

  test('migrations are recorded and never re-applied', async () => {
    const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM schema_migrations');
    expect(rows.map((r) => r.id)).toContain('001_initial');
    const { migrate } = await import('../../server/db/migrate');
    expect(await migrate(server.db)).toEqual([]);
  });
});

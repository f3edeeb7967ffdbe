/**
 * Search synonyms, kept with the catalogue and edited through the CRM's catalogue API: admins and
 * catalogue editors only, a message per field, 409 on a stale version, the change log, and a save
 * that changes the public search at once, on this instance and (PostgreSQL) on another one.
 */
import { startSecondInstance, startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { staffToken } from '../support/lead-fixtures';
import { addStaff } from '../support/crm-staff';
import { call } from '../support/catalogue-editing';
import type { RunningServer } from '../../server/server';
import type { CatalogueChange, CatalogueSearchSynonym } from '../../src/crm-catalogue-contract';
import type { SearchAnswer } from '../../src/search-contract';

const START_TIMEOUT_MS = 120_000;
const BASE = '/api/crm/catalogue/search-synonyms';

describe.each(bothDatabaseKinds())('search synonyms (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    admin = await staffToken(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  const search = async (app: RunningServer['app'], q: string) =>
    (await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` })).json<SearchAnswer>();

  test('the seeded list holds the examples students need', async () => {
    const list = await call(server, 'GET', BASE, admin);
    expect(list.status).toBe(200);
    const synonyms = list.json<{ synonyms: CatalogueSearchSynonym[] }>().synonyms;
    const byTerm = new Map(synonyms.map((s) => [s.term, s.means]));
    expect(byTerm.get('penetration testing')).toBe('pentest');
    expect(byTerm.get('office 365')).toBe('microsoft 365');
    expect(byTerm.get('redhat')).toBe('red hat');
    expect(byTerm.get('center')).toBe('centre');
    expect(byTerm.get('cyber')).toBe('cyber security');
    expect(synonyms[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      term: expect.any(String),
      means: expect.any(String),
      version: 1,
    });
  });

  test('only admins and catalogue editors may read or change them', async () => {
    expect((await call(server, 'GET', BASE, null)).status).toBe(401);
    const counsellor = await addStaff(server, 'Sam Synonym');
    expect((await call(server, 'GET', BASE, counsellor.token)).status).toBe(403);
    expect((await call(server, 'POST', BASE, counsellor.token, { term: 'wifi', means: 'wireless' })).status).toBe(403);
  });

  test('validation answers a message per field', async () => {
    const empty = await call(server, 'POST', BASE, admin, { term: ' ', means: '' });
    expect(empty.status).toBe(400);
    expect(empty.json()).toEqual({
      message: 'Please correct the highlighted fields.',
      errors: { term: 'Please enter the term.', means: 'Please enter the meaning.' },
    });
    const symbols = await call(server, 'POST', BASE, admin, { term: '+++', means: 'security, ,' });
    expect(symbols.json<{ errors: Record<string, string> }>().errors).toEqual({
      term: 'The term needs at least one letter or digit.',
      means: 'Each meaning (separated by commas) needs at least one letter or digit.',
    });
    const same = await call(server, 'POST', BASE, admin, { term: 'Cloud', means: 'azure, cloud' });
    expect(same.json()).toEqual({
      message: 'A synonym must mean something other than its own term.',
      errors: { means: 'A synonym must mean something other than its own term.' },
    });
    const duplicate = await call(server, 'POST', BASE, admin, { term: 'Office 365', means: 'office' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json()).toEqual({
      message: 'There is already a synonym for this term: edit that one instead.',
      errors: { term: 'There is already a synonym for this term: edit that one instead.' },
    });
  });

  test('a new synonym changes the search at once; edits are versioned and logged; deleting it takes it back', async () => {
    expect((await search(server.app, 'zorbing')).results).toEqual([]);
    const created = await call(server, 'POST', BASE, admin, { term: 'Zorbing', means: 'kubernetes, ansible' });
    expect(created.status).toBe(201);
    const synonym = created.json<CatalogueSearchSynonym>();
    expect(synonym).toMatchObject({ term: 'Zorbing', means: 'kubernetes, ansible', version: 1 });
    const titles = (await search(server.app, 'zorbing')).results.map((hit) => hit.title);
    expect(titles).toEqual(expect.arrayContaining(['DevOps Engineer Diploma', 'Red Hat Certified Engineer (RHCE)']));

    const stale = await call(server, 'PUT', `${BASE}/${synonym._id}`, admin, { term: 'Zorbing', means: 'ansible', version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.json<{ current: CatalogueSearchSynonym }>().current.means).toBe('kubernetes, ansible');
    const saved = await call(server, 'PUT', `${BASE}/${synonym._id}`, admin, { term: 'Zorbing', means: 'ansible', version: 1 });
    expect([saved.status, saved.json<CatalogueSearchSynonym>().version]).toEqual([200, 2]);
    expect((await search(server.app, 'zorbing')).results.map((hit) => hit.title)).toEqual(['Red Hat Certified Engineer (RHCE)']);

    const changes = (await call(server, 'GET', `/api/crm/catalogue/changes?kind=search_synonym&id=${synonym._id}`, admin)).json<{
      changes: CatalogueChange[];
    }>().changes;
    expect(changes.map((change) => change.action)).toEqual(['update', 'create']);
    expect(changes[0]?.fields).toEqual({ means: ['kubernetes, ansible', 'ansible'] });

    expect((await call(server, 'DELETE', `${BASE}/${synonym._id}?version=2`, admin)).status).toBe(204);
    expect((await search(server.app, 'zorbing')).results).toEqual([]);
  });

  // PGlite has one instance per data folder (it locks it): the NOTIFY path exists only on PostgreSQL.
  if (kind === 'postgres')
    test('a save takes effect on another instance on the same database', async () => {
      const other = await startSecondInstance(server, { ownPool: true });
      try {
        expect((await search(other.app, 'quuxling')).results).toEqual([]);
        const created = await call(server, 'POST', BASE, admin, { term: 'quuxling', means: 'wireshark' });
        expect(created.status).toBe(201);
        let titles: string[] = [];
        for (let i = 0; i < 50 && titles.length === 0; i += 1) {
          // The other instance reloads on NOTIFY catalogue_changed; its cached answers are per catalogue version.
          titles = (await search(other.app, 'quuxling')).results.map((hit) => hit.title);
          if (titles.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(titles).toEqual(['Security Operations Centre Analyst Diploma']);
      } finally {
        await other.close();
      }
    });
});

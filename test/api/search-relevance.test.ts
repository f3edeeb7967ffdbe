/**
 * Search relevance: what students actually type (misspellings, abbreviations, certification codes,
 * career words, run-together and split words, symbols), each with the course, program or page that
 * must be among the first three answers. Courses by slug, information pages by path.
 * Keep it honest: a query belongs here because a student would type it, not because it passes.
 */
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import type { SearchAnswer } from '../../src/search-contract';

const STARTUP_TIMEOUT_MS = 120_000;
const TOP = 3;

/** [what the student types, the slug (or /path of an information page) that must be in the top 3]. */
export const RELEVANCE_TABLE: readonly (readonly [string, string])[] = [
  // The flagship program, its typos and its spellings
  ['cybersecurity', 'cyber-security-specialist-diploma'],
  ['cybersecurty', 'cyber-security-specialist-diploma'],
  ['cyber security', 'cyber-security-specialist-diploma'],
  ['cyber security courses in toronto', 'cyber-security-specialist-diploma'],
  ['Cyber-Security diploma', 'cyber-security-specialist-diploma'],
  ['security operations center', 'security-operations-analyst-diploma'],
  ['soc analyst', 'security-operations-analyst-diploma'],
  ['security analyst', 'security-operations-analyst-diploma'],
  ['hacking', 'comptia-pentest-plus'],
  ['ethical hacking', 'cyber-security-specialist-diploma'],
  // Career words
  ['help desk', 'comptia-a-plus'],
  ['helpdesk', 'comptia-a-plus'],
  ['help desk jobs', 'it-fundamentals-foundation-program'],
  ['it support', 'network-specialist-diploma'],
  ['computer repair', 'comptia-a-plus'],
  ['data analyst', 'comptia-cysa-plus'],
  ['web developer', 'full-stack-web-developer-diploma'],
  ['webdeveloper', 'full-stack-web-developer-diploma'],
  ['web develper', 'full-stack-web-developer-diploma'],
  ['cloud engineer', 'cloud-computing-engineer-diploma'],
  ['network engineer', 'ccnp-enterprise'],
  ['sysadmin', 'network-systems-administrator-diploma'],
  ['linux admin', 'lpic-1-linux-administrator'],
  ['project manager', 'pmp-exam-preparation'],
  ['software tester', 'software-quality-assurance-diploma'],
  ['qa', 'software-quality-assurance-diploma'],
  ['beginner', 'it-fundamentals-foundation-program'],
  // Subjects
  ['cloud', 'cloud-computing-engineer-diploma'],
  ['networking', 'network-specialist-diploma'],
  ['networ', 'network-specialist-diploma'],
  ['netwrok', 'network-specialist-diploma'],
  ['linux', 'linux-essentials'],
  ['python', 'ccnp-enterprise'],
  ['javascript', 'full-stack-web-developer-diploma'],
  ['kubernetes', 'devops-engineer-diploma'],
  ['docker', 'devops-engineer-diploma'],
  ['ansible', 'rhce'],
  ['firewall', 'ccnp-security'],
  ['wireshark', 'security-operations-analyst-diploma'],
  ['english', 'english-for-it-careers'],
  // Vendors, platforms and certification codes
  ['aws', 'cloud-computing-engineer-diploma'],
  ['amazon web services', 'cloud-computing-engineer-diploma'],
  ['azure', 'az-900-azure-fundamentals'],
  ['azure admin', 'az-104-azure-administrator'],
  ['ccna', 'ccna'],
  ['cisco', 'ccna'],
  ['ccnp', 'ccnp-enterprise'],
  ['comptia a+', 'comptia-a-plus'],
  ['a+', 'comptia-a-plus'],
  ['a plus', 'comptia-a-plus'],
  ['security+', 'comptia-security-plus'],
  ['security plus', 'comptia-security-plus'],
  ['secuirty+', 'comptia-security-plus'],
  ['network+', 'comptia-network-plus'],
  ['cysa+', 'comptia-cysa-plus'],
  ['pentest', 'comptia-pentest-plus'],
  ['pen test', 'comptia-pentest-plus'],
  ['penetration testing', 'comptia-pentest-plus'],
  ['devops', 'devops-engineer-diploma'],
  ['dev ops', 'devops-engineer-diploma'],
  ['fullstack', 'full-stack-web-developer-diploma'],
  ['full stack', 'full-stack-web-developer-diploma'],
  ['az900', 'az-900-azure-fundamentals'],
  ['az-900', 'az-900-azure-fundamentals'],
  ['az 104', 'az-104-azure-administrator'],
  ['az-500', 'az-500-azure-security-engineer'],
  ['office 365', 'ms-900-microsoft-365-fundamentals'],
  ['microsoft 365', 'ms-102-microsoft-365-administrator'],
  ['redhat', 'rhcsa'],
  ['red hat', 'rhcsa'],
  ['rhce', 'rhce'],
  ['lpic', 'lpic-1-linux-administrator'],
  ['pmp', 'pmp-exam-preparation'],
  ['200-301', 'ccna'],
  // Information pages
  ['financial aid', '/financial-aid'],
  ['osap', '/financial-aid'],
  ['international student', '/international-students'],
  ['pearson vue test center', '/pearson-vue-authorized-center'],
  ['contact', '/contact'],
];

describe.each(bothDatabaseKinds())('search relevance (%s)', (kind) => {
  let server: TestServer;
  let slugs: Map<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
    const { rows } = await server.db.pool.query<{ slug: string }>('SELECT slug FROM courses WHERE status = 1');
    // Course pages end with their slug; the answer carries the path.
    slugs = new Map(rows.map((row) => [row.slug, row.slug]));
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  test('the table is big enough and names only what exists', () => {
    expect(RELEVANCE_TABLE.length).toBeGreaterThanOrEqual(40);
    for (const [, expected] of RELEVANCE_TABLE) if (!expected.startsWith('/')) expect(slugs.has(expected)).toBe(true);
  });

  test.each(RELEVANCE_TABLE)('"%s" has %s among the first three answers', async (query, expected) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(query)}` });
    expect(res.statusCode).toBe(200);
    const top = res
      .json<SearchAnswer>()
      .results.slice(0, TOP)
      .map((hit) => (expected.startsWith('/') ? hit.path : hit.path.split('/').pop()));
    expect(top).toContain(expected);
  });
});

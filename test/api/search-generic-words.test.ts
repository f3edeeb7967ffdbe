/**
 * A word found in more than MOST_RANKED_MATCHES courses (issue 19: "security" in all 10,000 of the
 * bench's courses). Not every match is ranked then: the courses with every word in their head
 * (name, certification, job titles, summary, categories) come first, ranked; the others follow by
 * kind (programs first) and title, with rank 0. The catalogue as it is (a few dozen courses) is
 * ranked in full, which search-relevance.test.ts holds to account.
 */
import type { Transaction } from '../../server/db/database';
import { startTestServer, type TestServer } from '../support/server';
import { bothDatabaseKinds } from '../support/database';
import { searchSite, type SearchResult } from '../../server/search/search';
import { COMMON_WORDS_SQL, MOST_RANKED_MATCHES, SEARCH_SQL, searchParams } from '../../server/search/search-sql';
import { buildQuery, queryWords } from '../../server/search/query-text';

const STARTUP_TIMEOUT_MS = 120_000;
/** Enough courses that "quokka" (in every description) and "marsupial" (in every name) are generic. */
const GENERIC = MOST_RANKED_MATCHES + 200;

interface PlanNode {
  'Node Type': string;
  'Actual Rows': number;
  'Actual Loops': number;
  Output?: string[];
  Plans?: PlanNode[];
}

/** Whether the node's output has a ts_rank of courses (aliased c, c_1…; information pages are p). */
const hasCourseRank = (node: PlanNode) => (node.Output ?? []).some((column) => /ts_rank\(c(_\d+)?\.search/.test(column));

/**
 * How many courses ts_rank scored: the rows of each node that computes it (its inputs do not have
 * it; a sort only orders what it was given, though EXPLAIN names its inputs' columns differently).
 */
function coursesRanked(node: PlanNode): number {
  const children = node.Plans ?? [];
  const computes = node['Node Type'] !== 'Sort' && hasCourseRank(node) && !children.some(hasCourseRank);
  const own = computes ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + children.reduce((sum, child) => sum + coursesRanked(child), 0);
}

/**
 * GENERIC part-time courses "Marsupial Care 0001"… that mention a quokka in their description (every
 * hundredth three times, which ts_rank scores higher), one program that does too, and three
 * courses with the quokka in their head: two in the name, one in the summary.
 */
async function addGenericCourses(client: Transaction): Promise<void> {
  const columns =
    'id, course_name, slug, course_type, category_id, sub_category_id, duration, duration_unit, delivery_mode, summary, description';
  const home = `(SELECT category_id, sub_category_id FROM courses WHERE course_type = 2 AND sub_category_id IS NOT NULL ORDER BY id LIMIT 1)`;
  await client.query(
    `INSERT INTO courses (${columns})
     SELECT substr(md5('generic' || n), 1, 24), 'Marsupial Care ' || lpad(n::text, 4, '0'), 'marsupial-care-' || n, 2, h.category_id, h.sub_category_id, 6, 3, 1,
            'Animal care, hands on.', CASE WHEN n % 100 = 0 THEN 'A quokka, a quokka and a quokka at the zoo.' ELSE 'Practice with a quokka at the zoo.' END
       FROM generate_series(1, $1::integer) AS n CROSS JOIN ${home} h`,
    [GENERIC],
  );
  await client.query(
    `INSERT INTO courses (${columns})
     SELECT substr(md5(v.slug), 1, 24), v.name, v.slug, v.course_type, h.category_id, h.sub_category_id, 6, 3, 1, v.summary, v.description
       FROM (VALUES
         ('Zoo Keeping Program', 'zoo-keeping-program', 1, 'Animal care at the zoo.', 'Feeding a quokka at the zoo.'),
         ('Quokka Handling', 'quokka-handling', 2, 'Hands-on care.', 'Weighing a quokka, and its joey: the quokka is small.'),
         ('Quokka Field Study', 'quokka-field-study', 2, 'Island survey.', 'A week on the island.'),
         ('Island Fauna', 'island-fauna', 2, 'The quokka and its island.', 'A week on the island.')
       ) AS v(name, slug, course_type, summary, description)
       CROSS JOIN ${home} h`,
  );
}

describe.each(bothDatabaseKinds())('search for a generic word (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, listen: false });
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await server.close();
  });

  /** Runs `work` with the generic courses added, then takes them away again (rolled back). */
  async function withGenericCourses<T>(work: (client: Transaction) => Promise<T>): Promise<T> {
    const rollback = new Error('rollback');
    return server.db
      .transaction(async (client) => {
        await addGenericCourses(client);
        throw Object.assign(rollback, { value: await work(client) });
      })
      .catch((error: Error & { value?: T }) => (error === rollback ? (error.value as T) : Promise.reject(error)));
  }
  const find = (client: Transaction, query: string, limit = 10, offset = 0): Promise<SearchResult> =>
    searchSite(client, query, { limit, offset, coursePath: (id) => `/courses/${id}` });
  const listed = (result: SearchResult) => result.hits.map((hit) => [hit.title, hit.rank] as const);

  test('a word in every description: the heads first, ranked; then programs, then courses, by title, unranked', async () => {
    const [first, second] = await withGenericCourses(async (client) => [await find(client, 'quokka'), await find(client, 'quokka', 5, 10)]);
    const top = listed(first);
    // Ranked as before: the name (weight A) above the summary (B).
    expect(top.slice(0, 3).map(([title]) => title)).toEqual(['Quokka Handling', 'Quokka Field Study', 'Island Fauna']);
    expect(top.slice(0, 3).every(([, rank]) => rank > 0)).toBe(true);
    expect(top[0]?.[1]).toBeGreaterThan(top[2]?.[1] ?? Infinity);
    // Then the program, then the courses in title order: "Marsupial Care 0100", which says "quokka"
    // three times (and would be ranked above the others), keeps its place by title.
    expect(top.slice(3)).toEqual([
      ['Zoo Keeping Program', 0],
      ...['0001', '0002', '0003', '0004', '0005', '0006'].map((n) => [`Marsupial Care ${n}`, 0]),
    ]);
    expect(listed(second)).toEqual(['0007', '0008', '0009', '0010', '0011'].map((n) => [`Marsupial Care ${n}`, 0]));
  });

  test('a word in every name: the heads too many to rank, listed by kind and title', async () => {
    const result = await withGenericCourses((client) => find(client, 'marsupial care', 4));
    expect(listed(result)).toEqual(['0001', '0002', '0003', '0004'].map((n) => [`Marsupial Care ${n}`, 0]));
  });

  test('the statements rank the heads only, not every match of the generic word', async () => {
    const forms = buildQuery(queryWords('quokka'), [], false);
    const ranked = await withGenericCourses(async (client) => {
      await client.query('ANALYZE courses');
      let rows = 0;
      for (const sql of [SEARCH_SQL, COMMON_WORDS_SQL]) {
        const {
          rows: [explained],
        } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          `EXPLAIN (ANALYZE, VERBOSE, FORMAT JSON) ${sql}`,
          searchParams(forms, 10, 0),
        );
        rows += explained ? coursesRanked(explained['QUERY PLAN'][0].Plan) : NaN;
      }
      return rows;
    });
    expect(ranked).toBe(3);
  });

  test('the usual statement, planned once per connection, computes each tsquery once per search, never per row', () => {
    // A named statement's generic plan folds nothing: a bare to_tsquery($n) would run for every row.
    expect(SEARCH_SQL.match(/(?<!\(SELECT )to_tsquery\(/g)).toBeNull();
    expect(SEARCH_SQL.match(/\(SELECT to_tsquery\(/g)?.length).toBeGreaterThanOrEqual(4);
  });

  test('fewer matches than that: every match is ranked, heads or not', async () => {
    const result = await withGenericCourses((client) => find(client, 'quokka joey'));
    expect(listed(result).map(([title]) => title)).toEqual(['Quokka Handling']);
    const zoo = await withGenericCourses((client) => find(client, 'feeding quokka'));
    expect(zoo.hits[0]).toMatchObject({ title: 'Zoo Keeping Program' });
    expect(zoo.hits[0]?.rank).toBeGreaterThan(0);
  });
});

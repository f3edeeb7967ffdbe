/**
 * `npm run bench -- --scale`: the catalogue grown to 10,000 courses (synthetic, inserted into a
 * PostgreSQL database of their own), and what that costs a visitor: search p50/p95 end to end
 * (typos included, which use the indexed vocabulary), the sizes of the answers every page or form
 * fetches, and first-page times. Budget: search p95 <= 20 ms.
 */
import http from 'node:http';
import pg from 'pg';
import { startServer, stop } from './tools.mjs';

const PORT = 3904;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/college_bench_scale';
const COURSES = Number(process.env.BENCH_COURSES ?? 10_000);
const SEARCH_ROUNDS = 20;
const QUERIES = ['security', 'securty', 'cisco networking', 'kubernetes ansible', 'cloud architect', 'synthetic topic4711', 'pyhton', 'linux administration', 'datbase', 'project management'];

async function insertSyntheticCourses() {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const started = Date.now();
  // Filed under an existing part-time category, with words that make the vocabulary grow too.
  await db.query(
    `INSERT INTO courses (id, course_name, slug, course_type, category_id, sub_category_id, duration, duration_unit,
                         delivery_mode, summary, description)
     SELECT substr(md5('synthetic' || n), 1, 24), 'Synthetic Course ' || n || ' ' || initcap(w.word),
            'synthetic-course-' || n, c.course_type, c.category_id, c.sub_category_id, 6, 3, 1 + n % 2,
            'A synthetic course about ' || w.word || ' and topic' || n || '.',
            'Hands-on practice in ' || w.word || ', networking, security and cloud, module ' || n || ' topic' || n || ' lab' || (n % 997) || '.'
       FROM generate_series(1, $1) AS n
       CROSS JOIN LATERAL (SELECT (ARRAY['python', 'database', 'kubernetes', 'firewall', 'analytics', 'routing', 'scripting', 'virtualization'])[1 + n % 8] AS word) w
       CROSS JOIN (SELECT course_type, category_id, sub_category_id FROM courses WHERE course_type = 2 AND sub_category_id IS NOT NULL LIMIT 1) c`,
    [COURSES],
  );
  const { rows: [words] } = await db.query('SELECT count(*)::int AS n FROM search_words');
  await db.end();
  console.log(`scale: inserted ${COURSES} courses in ${((Date.now() - started) / 1000).toFixed(1)} s; vocabulary ${words.n} words`);
}

/** Bytes as they travel (fetch would decompress them), and the encoding the server chose. */
function wireSize(url, acceptEncoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] ?? null }));
    }).on('error', reject);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timed(url, headers = {}) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = Buffer.from(await res.arrayBuffer());
  return { ms: performance.now() - started, status: res.status, bytes: body.length, encoding: res.headers.get('content-encoding') };
}

async function measure(base) {
  for (const q of QUERIES) await timed(`${base}/api/search?q=${encodeURIComponent(q)}`); // warm-up
  const times = [];
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    for (const q of QUERIES) {
      const { ms, status } = await timed(`${base}/api/search?q=${encodeURIComponent(q)}`);
      if (status !== 200) throw new Error(`search "${q}" answered ${status}`);
      times.push(ms);
    }
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  console.log(`scale: search over ${times.length} requests: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget p95 <= 20 ms)`);
  for (const path of ['/api/courses/names-website?course_type=2', '/api/courses', '/sitemap.xml', '/api/intakes']) {
    const plain = await timed(`${base}${path}`);
    const packed = await wireSize(`${base}${path}`, 'br, gzip');
    const sent = packed.encoding ? `${(packed.bytes / 1024).toFixed(1)} KB ${packed.encoding}` : 'not compressed';
    console.log(`scale: ${path}: ${(plain.bytes / 1024).toFixed(1)} KB, sent as ${sent}, ${plain.ms.toFixed(1)} ms`);
  }
  for (const path of ['/', '/part-time-courses', '/calendar']) {
    const first = await timed(`${base}${path}`);
    console.log(`scale: first page ${path}: ${first.status}, ${(first.bytes / 1024).toFixed(1)} KB in ${first.ms.toFixed(1)} ms`);
  }
  return p95;
}

export async function runScaleBench() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS college_bench_scale');
  await admin.query('CREATE DATABASE college_bench_scale');
  await admin.end();

  // First start migrates and seeds; the synthetic courses go in while it is stopped, and the
  // second start loads them into its in-memory catalogue.
  await stop(await startServer(PORT, { DATABASE_URL }));
  await insertSyntheticCourses();
  const started = Date.now();
  const server = await startServer(PORT, { DATABASE_URL });
  console.log(`scale: start with ${COURSES} more courses: ${((Date.now() - started) / 1000).toFixed(1)} s to healthy`);
  try {
    const p95 = await measure(`http://127.0.0.1:${PORT}`);
    if (p95 > 20) process.exitCode = 1;
  } finally {
    await stop(server);
  }
}

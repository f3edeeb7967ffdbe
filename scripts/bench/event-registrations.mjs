/**
 * Issue 24's budget: 200 parallel registrations for a 100-seat event finish in under 5 s on
 * PostgreSQL, with exactly 100 seats taken and 100 on the waitlist. The server runs in its own
 * process (pinned to CPU 0, tools.mjs) on a fresh database; the 200 requests are sent at once.
 */
import { freshDatabase, startServer, stop } from './tools.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3905);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = process.env.BENCH_DATABASE ?? 'college_bench_events';
const DATABASE_URL = `postgres://postgres@127.0.0.1:5432/${DATABASE}`;
const BUDGET_MS = 5000;

async function json(res) {
  const body = await res.json();
  if (res.status >= 400) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function runEventRegistrationsBench() {
  await freshDatabase(ADMIN_URL, DATABASE);
  const server = await startServer(PORT, { DATABASE_URL, LEADS_RATE_LIMIT: '100000000' });
  const base = `http://127.0.0.1:${PORT}/api`;
  try {
    const { token } = await json(
      await fetch(`${base}/users/signin`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-123' }),
      }),
    );
    const create = async (title) => {
      const start = new Date(Date.now() + 7 * 86_400_000);
      return json(
        await fetch(`${base}/crm/events`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({
            title,
            kind: 'info_session',
            starts_at: start.toISOString(),
            ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
            place: { kind: 'campus', room: 'Room 701' },
            capacity: 100,
            course_ids: [],
            description: '',
            registration_open: true,
          }),
        }),
      );
    };
    const register = (eventId, n) =>
      fetch(`${base}/events/${eventId}/registrations`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Bench',
          last_name: `Person ${n}`,
          email: `bench.${n}@example.com`,
          phone: '+14165550123',
          course_id: '',
        }),
      });
    // Warm-up on another event: JIT, the pool, the link key.
    const warm = await create('Warm-up session');
    await Promise.all(Array.from({ length: 20 }, (_, n) => register(warm.id, `warm${n}`)));

    const event = await create('Bench session');
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, n) => register(event.id, n)));
    const elapsed = performance.now() - started;
    const bodies = await Promise.all(answers.map((res) => res.json()));
    const statuses = answers.map((res) => res.status);
    const registered = bodies.filter((b) => b.status === 'registered').length;
    const waitlisted = bodies.filter((b) => b.status === 'waitlisted').length;
    console.log(
      `\n200 parallel registrations for a 100-seat event on PostgreSQL: ${elapsed.toFixed(0)} ms (budget < ${BUDGET_MS} ms); ` +
        `${registered} registered, ${waitlisted} waitlisted, ${statuses.filter((s) => s !== 201).length} not 201`,
    );
    if (!(elapsed < BUDGET_MS) || registered !== 100 || waitlisted !== 100) process.exitCode = 1;
  } finally {
    await stop(server);
  }
}

/**
 * Issue 23's budget is measured with assignment on: a rule for every lead (no cap: each one is
 * assigned, the heaviest path: owner, timeline entries, a task, a mail) whose round robin
 * holds the bench's admin, set through the API as an admin would, before the burst. Then how long
 * after the burst the last stored lead had its owner (PostgreSQL; the pass runs after the request).
 */
import pg from 'pg';

export async function enableAssignmentRule(baseUrl) {
  const signin = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-123' }),
  });
  const { token, user } = await signin.json();
  const res = await fetch(`${baseUrl}/api/crm/assignment/rules`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Bench', enabled: true, course_type: null, location: null, cap: null, member_ids: [user._id] }),
  });
  if (res.status !== 201) throw new Error(`assignment rule not created: ${res.status} ${await res.text()}`);
}

/** Seconds until `countSql` (a count as `n`) reads 0, polled every 0.5 s; null if not within 5 minutes. */
export async function secondsUntilNone(connectionString, countSql) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const started = Date.now();
  try {
    while (Date.now() - started < 300_000) {
      const { rows } = await client.query(countSql);
      if (rows[0].n === 0) return (Date.now() - started) / 1000;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    return null;
  } finally {
    await client.end();
  }
}

/** Seconds after the burst until no stored lead waits for the assignment pass. */
export const assignedAfter = (connectionString) =>
  secondsUntilNone(connectionString, 'SELECT count(*)::int AS n FROM leads WHERE assign_pending');

/** Staff rows for CRM API tests: a member of a given role with a live session, and the admin's id. */
import crypto from 'node:crypto';
import { createSession } from '../../server/auth/sessions';
import type { TestServer } from './server';

export interface TestStaff {
  id: string;
  name: string;
  email: string;
  token: string;
}

export async function addStaff(server: TestServer, name: string, role: 'admin' | 'counsellor' = 'counsellor'): Promise<TestStaff> {
  const id = crypto.randomBytes(12).toString('hex');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${id.slice(0, 6)}@test.example`;
  // Sessions are what the guard checks; this member never signs in with a password.
  await server.db.pool.query(`INSERT INTO users (id, name, email, password_hash, role) VALUES ($1, $2, $3, 'not-a-password-hash', $4)`, [
    id,
    name,
    email,
    role,
  ]);
  return { id, name, email, token: await createSession(server.db.pool, id) };
}

export async function userIdByEmail(server: TestServer, email: string): Promise<string> {
  const { rows } = await server.db.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  const id = rows[0]?.id.trim();
  if (!id) throw new Error(`no user ${email}`);
  return id;
}

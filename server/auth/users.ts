/** Staff accounts in the users table: lookups and creation. Hashes never leave this module's callers. */
import { z } from 'zod';
import type { Queryable } from '../db/database';
import type { PublicUser } from '../../src/contract';
import { newId } from './tokens';
import { hashPassword } from './passwords';

export interface StoredUser extends PublicUser {
  passwordHash: string;
}

interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
}

const emailSchema = z.email();

/** Addresses are compared case-insensitively and stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && emailSchema.safeParse(email).success;
}

function fromRow(row: UserRow): StoredUser {
  // ids are char(24): trim in case a driver pads them.
  return { _id: row.id.trim(), name: row.name, email: row.email, passwordHash: row.password_hash };
}

export function toPublicUser(user: StoredUser): PublicUser {
  return { _id: user._id, name: user.name, email: user.email };
}

export async function findUserByEmail(db: Queryable, email: string): Promise<StoredUser | null> {
  const { rows } = await db.query<UserRow>('SELECT id, name, email, password_hash FROM users WHERE lower(email) = $1', [
    normalizeEmail(email),
  ]);
  return rows[0] ? fromRow(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: string): Promise<StoredUser | null> {
  const { rows } = await db.query<UserRow>('SELECT id, name, email, password_hash FROM users WHERE id = $1', [id]);
  return rows[0] ? fromRow(rows[0]) : null;
}

/** What a password must not be built from: the account's own e-mail and name. */
export function personalInputs(user: Pick<StoredUser, 'email' | 'name'>): string[] {
  return [user.email, user.name];
}

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM users');
  return Number(rows[0]?.n ?? 0);
}

export class DuplicateEmailError extends Error {}

/** Creates an account; throws DuplicateEmailError when the address is taken. */
export async function createUser(db: Queryable, input: { email: string; name: string; password: string }): Promise<PublicUser> {
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (id, name, email, password_hash) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING
     RETURNING id, name, email, password_hash`,
    [id, input.name.trim(), normalizeEmail(input.email), passwordHash],
  );
  if (!rows[0]) throw new DuplicateEmailError(`An account for ${normalizeEmail(input.email)} already exists.`);
  return toPublicUser(fromRow(rows[0]));
}

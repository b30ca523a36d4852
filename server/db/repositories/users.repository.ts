import type { Db } from '../client';
import { EMPTY_RISK_FACTORS, RiskFactors, type FlowStatus, type UserPublic } from '../../../core/contract';
import type { Language } from '../../../core/i18n';
import { personOnly } from './demo-owner';
import { isUniqueViolation } from '../unique-violation';
import { EmailTakenError } from '../../errors';
import type { TokenPurpose } from './auth-tokens.repository';

/** The demo owner (demo-owner.ts) is no person: no lookup, list or count here ever returns it. */
const PERSON = personOnly('id');

export interface UserRow extends UserPublic {
  hashed_password: string;
  email_verified: boolean;
  /** Every access token carries the version it was issued under; a new password moves it on. */
  token_version: number;
}

const COLUMNS = `id, email, full_name, birthdate::text AS birthdate, hashed_password, is_active, is_superuser,
  is_test_user, email_verified, token_version, status, submission_count, submission_limit, risk_factors, language,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at`;

function toUser(row: Record<string, unknown>): UserRow {
  const rf = typeof row.risk_factors === 'string' ? JSON.parse(row.risk_factors) : row.risk_factors;
  return {
    ...(row as unknown as UserRow),
    risk_factors: RiskFactors.parse({ ...EMPTY_RISK_FACTORS, ...(rf ?? {}) }),
  };
}

export function toPublic(user: UserRow): UserPublic {
  const { hashed_password: _h, email_verified: _v, token_version: _t, ...rest } = user;
  return rest;
}

export interface NewUser {
  email: string;
  full_name: string | null;
  birthdate: string | null;
  hashed_password: string;
  is_active: boolean;
  is_superuser: boolean;
  is_test_user: boolean;
  email_verified: boolean;
  submission_limit: number;
  /** The language she signed up in; null when nobody chose one (seeded and admin-made accounts). */
  language?: Language | null;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'email'
    | 'full_name'
    | 'birthdate'
    | 'hashed_password'
    | 'is_active'
    | 'is_superuser'
    | 'is_test_user'
    | 'email_verified'
    | 'status'
    | 'submission_limit'
    | 'risk_factors'
    | 'language'
  >
>;

export function usersRepository(db: Db) {
  return {
    async findById(id: string): Promise<UserRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND ${PERSON}`, [id]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    /** The user, her row locked until the transaction `db` is in ends (a change of it waits). */
    async findByIdLocked(id: string): Promise<UserRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND ${PERSON} FOR UPDATE`, [id]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM users WHERE email = $1 AND ${PERSON}`, [email.toLowerCase()]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    async list(skip: number, limit: number): Promise<{ data: UserRow[]; count: number }> {
      const rows = await db.query(`SELECT ${COLUMNS} FROM users WHERE ${PERSON} ORDER BY created_at, id OFFSET $1 LIMIT $2`, [skip, limit]);
      const [{ count }] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM users WHERE ${PERSON}`);
      return { data: rows.map(toUser), count };
    },
    async create(u: NewUser): Promise<UserRow> {
      const rows = await emailUnique(db.query(
        `INSERT INTO users (email, full_name, birthdate, hashed_password, is_active, is_superuser, is_test_user, email_verified, submission_limit, language)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
        [u.email.toLowerCase(), u.full_name, u.birthdate, u.hashed_password, u.is_active, u.is_superuser, u.is_test_user, u.email_verified, u.submission_limit, u.language ?? null],
      ));
      return toUser(rows[0]);
    },
    async update(id: string, changes: UserChanges): Promise<UserRow | null> {
      const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
      if (entries.length === 0) return this.findById(id);
      const sets = entries.map(([k], i) => `${k} = $${i + 2}`);
      // A new password, however it is set, ends every session opened with the old one; so does
      // switching the account off, so that switching it on again does not bring those back.
      if (changes.hashed_password !== undefined || changes.is_active === false) sets.push('token_version = token_version + 1');
      const values = entries.map(([k, v]) => (k === 'risk_factors' ? JSON.stringify(v) : k === 'email' ? String(v).toLowerCase() : v));
      // The links a change makes void end in the same statement as the change. A form that sends
      // the address she already has (the admin's edit form sends every field) changes nothing.
      const ended: string[] = [];
      if (changes.hashed_password !== undefined) ended.push(`purpose IN (${sqlList(LINKS_ENDED_BY_PASSWORD)})`);
      const emailParam = entries.findIndex(([k]) => k === 'email') + 2;
      if (emailParam > 1) {
        ended.push(`(purpose IN (${sqlList(LINKS_ENDED_BY_ADDRESS)}) AND (SELECT email FROM users WHERE id = $1) <> $${emailParam})`);
      }
      const endLinks = ended.length
        ? `WITH ended AS (UPDATE auth_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL AND (${ended.join(' OR ')})) `
        : '';
      const rows = await emailUnique(db.query(`${endLinks}UPDATE users SET ${sets.join(', ')} WHERE id = $1 AND ${PERSON} RETURNING ${COLUMNS}`, [id, ...values]));
      return rows[0] ? toUser(rows[0]) : null;
    },
    async delete(id: string): Promise<boolean> {
      const rows = await db.query(`DELETE FROM users WHERE id = $1 AND ${PERSON} RETURNING id`, [id]);
      return rows.length > 0;
    },
    async countSuperusers(): Promise<number> {
      const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users WHERE is_superuser');
      return count;
    },
    async setStatus(id: string, status: FlowStatus): Promise<void> {
      await db.query('UPDATE users SET status = $2 WHERE id = $1', [id, status]);
    },
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;

/**
 * A new password ends a pending e-mail change and every reset link: whoever knew the old password
 * (and asked to move the account to an address of theirs) must not keep the account through a
 * link once its owner has taken it back.
 */
const LINKS_ENDED_BY_PASSWORD: readonly TokenPurpose[] = ['reset_password', 'change_email'];
/** A new address ends the links mailed to the old one: a reset, a verification, an earlier change. */
const LINKS_ENDED_BY_ADDRESS: readonly TokenPurpose[] = ['reset_password', 'change_email', 'verify_email'];
const sqlList = (purposes: readonly TokenPurpose[]) => purposes.map((p) => `'${p}'`).join(', ');

/** A write that met another account's address (a race past the service's check) as EmailTakenError. */
function emailUnique<T>(query: Promise<T>): Promise<T> {
  return query.catch((err: unknown) => {
    throw isUniqueViolation(err) ? new EmailTakenError() : err;
  });
}

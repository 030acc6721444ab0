import type { Knex } from '@swapstuff/db';
import type { StaffRole } from '@swapstuff/contracts';

export interface StaffRow {
  user_id: number;
  role: StaffRole;
  granted_by: number | null;
  granted_at: Date | number;
}

export interface FactorRow {
  user_id: number;
  secret: string;
  enrolled_at: Date | number | null;
  last_step: number | string;
}

export const staffRepo = {
  /** The role row, locked: a grant or revoke decides on it. */
  async lock(trx: Knex.Transaction, userId: number): Promise<StaffRow | undefined> {
    return trx('staff_roles').where({ user_id: userId }).forUpdate().first<StaffRow | undefined>();
  },

  async set(trx: Knex.Transaction, userId: number, role: StaffRole, grantedBy: number | null): Promise<void> {
    const row = { role, granted_by: grantedBy, granted_at: new Date() };
    const updated = await trx('staff_roles').where({ user_id: userId }).update(row);
    if (!updated) await trx('staff_roles').insert({ user_id: userId, ...row });
  },

  async remove(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('staff_roles').where({ user_id: userId }).delete();
  },

  /** Everyone who holds a role, admins first, each with whether they have enrolled an authenticator. */
  async list(db: Knex): Promise<
    {
      user_id: number;
      role: StaffRole;
      email: string;
      first_name: string | null;
      last_name: string | null;
      businessName: string | null;
      granted_at: Date | number;
      enrolled_at: Date | number | null;
    }[]
  > {
    return db('staff_roles')
      .join('users', 'users.id', 'staff_roles.user_id')
      .leftJoin('staff_factors', 'staff_factors.user_id', 'staff_roles.user_id')
      .whereNull('users.deleted_at')
      .orderBy([{ column: 'staff_roles.role' }, { column: 'users.email' }])
      .select(
        'staff_roles.user_id',
        'staff_roles.role',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.businessName',
        'staff_roles.granted_at',
        'staff_factors.enrolled_at',
      );
  },
};

export const factorsRepo = {
  async of(db: Knex, userId: number): Promise<FactorRow | undefined> {
    return db('staff_factors').where({ user_id: userId }).first<FactorRow | undefined>();
  },

  /** Locked, so that two codes sent at once cannot both pass for one step. */
  async lock(trx: Knex.Transaction, userId: number): Promise<FactorRow | undefined> {
    return trx('staff_factors').where({ user_id: userId }).forUpdate().first<FactorRow | undefined>();
  },

  /** A secret offered for enrolment (replacing one offered before and never confirmed). */
  async offer(db: Knex, userId: number, sealedSecret: string): Promise<void> {
    const updated = await db('staff_factors')
      .where({ user_id: userId })
      .whereNull('enrolled_at')
      .update({ secret: sealedSecret, last_step: 0 });
    if (!updated) await db('staff_factors').insert({ user_id: userId, secret: sealedSecret, last_step: 0 });
  },

  async accept(trx: Knex.Transaction, userId: number, step: number, enrol: boolean): Promise<void> {
    await trx('staff_factors')
      .where({ user_id: userId })
      .update({ last_step: step, ...(enrol ? { enrolled_at: new Date() } : {}) });
  },

  /** A staff member who lost their phone enrols again at their next sign-in (an admin's reset). */
  async remove(trx: Knex.Transaction, userId: number): Promise<void> {
    await trx('staff_factors').where({ user_id: userId }).delete();
    await trx('staff_recovery_codes').where({ user_id: userId }).delete();
  },
};

export const recoveryCodesRepo = {
  async replace(trx: Knex.Transaction, userId: number, hashes: string[]): Promise<void> {
    await trx('staff_recovery_codes').where({ user_id: userId }).delete();
    await trx('staff_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
  },

  /** Uses the code if it is one of the user's unused ones; true when this call used it (so a race has one winner). */
  async use(db: Knex, userId: number, codeHash: string): Promise<boolean> {
    const used = await db('staff_recovery_codes')
      .where({ user_id: userId, code_hash: codeHash })
      .whereNull('used_at')
      .update({ used_at: new Date() });
    return used === 1;
  },

  async unusedCount(db: Knex, userId: number): Promise<number> {
    const row = await db('staff_recovery_codes')
      .where({ user_id: userId })
      .whereNull('used_at')
      .first<{ n: number | string }>(db.raw('count(*) as n'));
    return Number(row.n);
  },
};

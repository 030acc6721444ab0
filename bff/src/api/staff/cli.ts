import path from 'node:path';
import { StaffRoles, type StaffRole } from '@swapstuff/contracts';
import { createDb, ensureDatabase, migrateLatest } from '@swapstuff/db';
import { addFromCommandLine } from './service';

export const STAFF_USAGE = 'usage: npm run staff -- add <email> --role admin|support';

/** `add <email> --role <role>`, or undefined when the arguments say something else. */
export function parseStaffArgs(args: string[]): { email: string; role: StaffRole } | undefined {
  const [command, email, flag, role] = args;
  if (command !== 'add' || !email || !/^[^\s@]+@[^\s@]+$/.test(email) || flag !== '--role') return undefined;
  return (StaffRoles as readonly string[]).includes(role) ? { email, role: role as StaffRole } : undefined;
}

/**
 * `npm run staff -- add <email> --role admin`: there is no default admin and no default password; the first
 * admin is made here, from a shell on the server, on the database DATABASE_URL and DATA_DIR name (as `npm start`).
 * A new account's password is printed once, here, and kept nowhere else.
 */
async function main(args: string[]): Promise<void> {
  const wanted = parseStaffArgs(args);
  if (!wanted) {
    console.error(STAFF_USAGE);
    process.exitCode = 2;
    return;
  }
  await ensureDatabase(process.env.DATABASE_URL);
  const db = createDb({ url: process.env.DATABASE_URL, dataDir: path.resolve(process.env.DATA_DIR ?? 'data') });
  try {
    await migrateLatest(db);
    const { userId, password } = await addFromCommandLine(db, wanted.email, wanted.role);
    console.log(`${wanted.email} (user ${userId}) is ${wanted.role === 'admin' ? 'an admin' : 'support staff'}.`);
    if (password) {
      console.log(`A new account was made for them. Its password, shown this once: ${password}`);
    }
    console.log('At their first sign-in at /support they set up an authenticator app.');
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}

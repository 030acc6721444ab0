import type { RequestHandler } from 'express';
import { messages, staffMessages } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { authOfBearer, bearerOf } from '../auth';
import { HttpError } from '../../http';

/**
 * The session checks of the staff endpoints (the endpoint table's `auth`: `staff-factor`, `support`, `admin`).
 * Only a staff sign-in opens them (the token `/api/admin/login` issues, never an app's or the marketplace's),
 * of someone who holds a role now; `support` and `admin` also need its second factor. Anyone else is answered
 * 404, as if the endpoint were not there: the console does not show itself to members or visitors.
 */
export function staffChecks(db: Knex): Record<'staff-factor' | 'support' | 'admin', RequestHandler> {
  const check =
    (need: 'signing-in' | 'support' | 'admin'): RequestHandler =>
    async (req, res, next) => {
      const secret = bearerOf(req);
      const found = secret ? await authOfBearer(db, secret) : undefined;
      const isStaff = found?.kind === 'staff' && found.role !== 'user';
      if (!found || !isStaff || (need !== 'signing-in' && !found.secondFactor)) {
        throw new HttpError(404, messages.notFound);
      }
      if (need === 'admin' && found.role !== 'admin') throw new HttpError(403, staffMessages.adminOnly);
      res.locals.auth = found;
      next();
    };
  return { 'staff-factor': check('signing-in'), support: check('support'), admin: check('admin') };
}

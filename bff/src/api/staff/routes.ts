import type { Request } from 'express';
import { endpoints, staffMessages, type StaffRole } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { authOf } from '../auth';
import { ok } from '../../http';
import type { ApiRouter } from '../router';
import { confirmSchema, enrolSchema, grantSchema, staffSignInSchema, staffTargetSchema, verifySchema } from './schemas';
import * as staff from './service';

const actor = (req: Request, res: Parameters<typeof authOf>[0]): staff.Actor => ({
  auth: authOf(res),
  ip: req.ip ?? 'unknown',
});

/** Staff sign-in with its second factor, the staff member's own profile (`/api/admit/…`, the spec's spelling), and the staff list. */
export function staffRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<{ email: string; password: string }>(
    endpoints.staffSignIn,
    { schema: staffSignInSchema },
    async ({ input, req, res }) => {
      const signedIn = await staff.staffSignIn(deps, input, req.ip ?? 'unknown');
      ok(res, signedIn, signedIn.enrolment ? staffMessages.enrolFirst : staffMessages.signedIn);
    },
  );

  api.handle<{ code: string }>(endpoints.staffEnrol, { schema: enrolSchema }, async ({ input, req, res }) => {
    ok(res, await staff.enrol(deps, actor(req, res), input.code), staffMessages.enrolled);
  });

  api.handle<{ code?: string; recoveryCode?: string }>(
    endpoints.staffVerify,
    { schema: verifySchema },
    async ({ input, req, res }) => {
      await staff.verify(deps, actor(req, res), input);
      ok(res, null, staffMessages.verified);
    },
  );

  api.handle(endpoints.staffProfile, {}, async ({ res }) => {
    ok(res, { profile: await staff.profile(deps, authOf(res)) });
  });

  api.handle<{ code?: string }>(
    endpoints.staffRecoveryCodes,
    { schema: confirmSchema },
    async ({ input, req, res }) => {
      ok(res, await staff.renewRecoveryCodes(deps, actor(req, res), input.code), staffMessages.recoveryCodesRenewed);
    },
  );

  api.handle(endpoints.staffList, {}, async ({ res }) => {
    ok(res, { staff: await staff.staffList(deps) });
  });

  api.handle<{ email: string; role: StaffRole; code?: string; reason?: string }>(
    endpoints.staffGrant,
    { schema: grantSchema },
    async ({ input, req, res }) => {
      await staff.grantRole(deps, actor(req, res), input);
      ok(res, null, staffMessages.roleGranted);
    },
  );

  api.handle<{ userId: number; code?: string; reason?: string }>(
    endpoints.staffRevoke,
    { schema: staffTargetSchema },
    async ({ input, req, res }) => {
      await staff.revokeRole(deps, actor(req, res), input);
      ok(res, null, staffMessages.roleRevoked);
    },
  );

  api.handle<{ userId: number; code?: string; reason?: string }>(
    endpoints.staffResetFactor,
    { schema: staffTargetSchema },
    async ({ input, req, res }) => {
      await staff.resetFactor(deps, actor(req, res), input);
      ok(res, null, staffMessages.factorReset);
    },
  );
}

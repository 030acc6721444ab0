import { useCallback, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { endpointRequest, endpoints, type AuditQuery, type Paging } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { endpointKey, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/**
 * The signed-in staff member, or a 404 for anyone without a staff sign-in that has its second factor (the
 * console then shows the staff sign-in). Never stale by time: a refetch when the window gains focus would swap
 * the sign-in's recovery codes for the console before they are saved. An ended sign-in shows through the 404 of
 * the console's next call instead, which asks this again (useSignInEndedCheck, and every mutation below).
 */
export const useStaffProfile = () =>
  useEndpointQuery(endpoints.staffProfile, {}, { select: (content) => content.profile, staleTime: Infinity });

const profileKey = endpointKey(endpoints.staffProfile);

/** Asks the profile again: its answer decides between the console and the staff sign-in. */
export function useRecheckStaffProfile(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: profileKey }), [client]);
}

/**
 * A staff endpoint answers 404 to a staff sign-in that has ended (30 minutes idle, 12 hours, a role changed):
 * the profile is asked again, and its own 404 shows the sign-in.
 */
export function useSignInEndedCheck(error: ApiError | null): void {
  const recheck = useRecheckStaffProfile();
  const ended = error?.status === 404;
  useEffect(() => {
    if (ended) void recheck();
  }, [ended, recheck]);
}

/** E-mail and password: the browser's session now holds a staff sign-in that waits for its second factor. */
export const useStaffSignIn = () => useEndpointMutation(endpoints.staffSignIn);
/** The first code of the authenticator offered at sign-in: answers the recovery codes, once. */
export const useStaffEnrol = () => useEndpointMutation(endpoints.staffEnrol);
/** A code of the authenticator, or a recovery code. */
export const useStaffVerify = () => useEndpointMutation(endpoints.staffVerify);

export const useStaffList = (enabled: boolean) =>
  useEndpointQuery(endpoints.staffList, {}, { select: (content) => content.staff, enabled });

// A role change or a reset shows in the list and the audit trail, and may end the admin's own sign-in (their own
// role changed): the profile is asked again too, as it is after a 404.
const staffChanges = { invalidates: [endpoints.staffList, endpoints.audit, endpoints.staffProfile] } as const;
export const useGrantRole = () => useEndpointMutation(endpoints.staffGrant, staffChanges);
export const useRevokeRole = () => useEndpointMutation(endpoints.staffRevoke, staffChanges);
export const useResetFactor = () => useEndpointMutation(endpoints.staffResetFactor, staffChanges);

export const useAuditPage = (query: AuditQuery & Paging) => useEndpointQuery(endpoints.audit, query);

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * The CSV export of the audit trail's filters, saved as the file the api names. Fetched, not a plain link: the
 * gateway refuses any call of a signed-in browser without the XSRF cookie echoed in a header, GETs included,
 * which a link cannot send. (mfe-orders reads its shipping labels the same way: src/shared/download.ts.)
 */
export async function downloadAuditCsv(filters: AuditQuery): Promise<void> {
  const { url } = endpointRequest(endpoints.auditCsv, filters);
  const xsrf = document.cookie
    .split('; ')
    .find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`))
    ?.slice(XSRF_COOKIE.length + 1);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: 'text/csv', ...(xsrf ? { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } : {}) },
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'swapstuff-audit.csv';
  const href = URL.createObjectURL(await response.blob());
  // clicked inside the document, as mfe-orders' saveBlob does
  const link = Object.assign(document.createElement('a'), { href, download: name, hidden: true });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser has begun the download by the next task
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

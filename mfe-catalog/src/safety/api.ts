import { endpoints, USER_REPORT_REASONS_ID } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The reasons to report a listing (/api/reasons/1) or a user (/api/reasons/2). */
export const useReportReasons = (about: 'listing' | 'user') =>
  useEndpointQuery(endpoints.reportReasons, { id: about === 'user' ? USER_REPORT_REASONS_ID : '1' });

/** Reports a listing; whether it is reported is read again (a 409 says it was already). */
export const useReportListing = () => useEndpointMutation(endpoints.report, { invalidates: [endpoints.reportState] });

/** Reports a user to support (a 409 says the viewer did already). */
export const useReportUser = () => useEndpointMutation(endpoints.reportUser);

/** Blocks a user: what the viewer sees of listings changes everywhere, so every listing query reads again. */
export const useBlockUser = () =>
  useEndpointMutation(endpoints.blockUser, {
    invalidates: [endpoints.search, endpoints.home, endpoints.likedListings, endpoints.blockedUsers],
  });

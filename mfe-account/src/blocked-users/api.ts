import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The users the member blocks, the latest first. */
export const useBlockedUsers = () =>
  useEndpointQuery(endpoints.blockedUsers, {}, { select: (content) => content.users });

/** Lifts a block: the list and every listing query read again (their listings come back). */
export const useUnblockUser = () =>
  useEndpointMutation(endpoints.unblockUser, {
    invalidates: [endpoints.blockedUsers, endpoints.search, endpoints.home, endpoints.likedListings],
  });

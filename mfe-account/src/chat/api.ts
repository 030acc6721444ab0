import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The member's conversations, the latest message first (kept fresh by the page's live events). */
export const useChats = () => useEndpointQuery(endpoints.userChats, {});

export const useMuteChat = () => useEndpointMutation(endpoints.muteChat, { invalidates: [endpoints.userChats] });

/** Blocking from a conversation's menu: the block list and every listing query read again, as from a seller card. */
export const useBlockUser = () =>
  useEndpointMutation(endpoints.blockUser, {
    invalidates: [endpoints.blockedUsers, endpoints.search, endpoints.home, endpoints.likedListings],
  });

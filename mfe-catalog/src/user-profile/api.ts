import { endpoints } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** What anyone sees of a user: name, avatar, badge, member since and activity. */
export const usePublicProfile = (userId: number) =>
  useEndpointQuery(endpoints.getUser, { userId }, { select: (content) => content.profile });

/** A page of the user's listed listings, newest first. */
export const useSellerListings = (userId: number, pageNumber: number, perPage: number) =>
  useEndpointQuery(endpoints.sellerListings, { userId, pageNumber, perPage });

import { endpoints, type InputOf, type User } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import { useApiMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** The signed-in user's own profile, private fields included. */
export const useMyProfile = () => useEndpointQuery(endpoints.userDetail, {}, { select: (content) => content.user });

/** What anyone sees of a user's activity: listings, sales, swaps and ratings. */
export const useProfileStats = (userId: number) => useEndpointQuery(endpoints.profileStats, { userId });

export type ProfileInput = InputOf<typeof endpoints.editUser>;

/**
 * Saves the profile (with a new avatar as a file, or `removeAvatar`), then puts the answer in the session
 * store, so the header's avatar and name change at once, and reads the profile again.
 */
export function useEditProfile() {
  return useApiMutation({
    mutationFn: (input: ProfileInput) => api.call(endpoints.editUser, input).then((content) => content.user),
    onSuccess: (user: User) => useSession.getState().setProfile(user),
    invalidates: [endpoints.userDetail, endpoints.profileStats],
  });
}

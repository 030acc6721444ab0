import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

/** Why members leave: the form's choices. */
export const useDeleteReasons = () => useEndpointQuery(endpoints.deleteReasons, {});

/** Whether the account can go now (409 with what is still in progress if not). */
export const useDeletionCheck = () => useEndpointMutation(endpoints.deleteRequest);

/** Deletes the account: every session ends, this one too. */
export const useDeleteAccount = () => useEndpointMutation(endpoints.deleteUser);

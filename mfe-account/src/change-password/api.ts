import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation } from '@swapstuff/sdk/query';

/** Changes the password: this session stays, every other one ends. */
export const useChangePassword = () => useEndpointMutation(endpoints.changePassword);

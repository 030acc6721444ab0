import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation } from '@swapstuff/sdk/query';

// Signing in or up ends with a full page load (every remote starts with the session): nothing to invalidate.
export const useSignIn = () => useEndpointMutation(endpoints.signIn);
export const useRegister = () => useEndpointMutation(endpoints.register);
export const useRegisterBusiness = () => useEndpointMutation(endpoints.registerBusiness);
export const useForgotPassword = () => useEndpointMutation(endpoints.forgotPassword);
export const useResetPassword = () => useEndpointMutation(endpoints.resetPassword);

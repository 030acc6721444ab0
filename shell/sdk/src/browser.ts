/**
 * Full page loads: after a sign-in or a registration (so the shell and every remote start again with the new
 * session), when a session ends, and to a provider's pages (a bank's 3-D Secure, payouts onboarding). One seam,
 * so tests can observe where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};

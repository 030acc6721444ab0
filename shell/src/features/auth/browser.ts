/**
 * Full page loads after a sign-in or registration, so the shell and every remote start again with the
 * new session. One seam, so tests can observe where the browser was sent.
 */
export const browser = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
};

/** Wait, then try again: a remote's file that failed once is often there a moment later (deploy, blip). */
export const RETRY_DELAYS_MS = [300, 1000];

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch that retries network failures and 5xx answers (never 4xx: a missing file stays missing),
 * and that throws on a non-2xx answer so that nobody parses an error page as a manifest.
 */
export async function fetchWithRetry(url: string, init: RequestInit = {}, delays = RETRY_DELAYS_MS): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= delays.length; attempt++) {
    if (attempt > 0) await delay(delays[attempt - 1]);
    try {
      const response = await fetch(url, init);
      if (response.ok) return response;
      lastError = new Error(`${url} answered ${response.status}`);
      if (response.status < 500) break;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

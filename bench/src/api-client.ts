import type { Envelope } from '@swapstuff/contracts';

/**
 * The api itself, as a mobile app calls it: JSON or multipart with a bearer token; GET without a body.
 * Answers the envelope's Content, or throws with the api's Description. The bench seeds its catalogue
 * with it, and the e2e journeys their listings (e2e/support/listings.ts).
 */
export async function call<T>(apiUrl: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const res = await fetch(`${apiUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (!answer.Success) throw new Error(`${path}: ${res.status} ${answer.Description}`);
  return answer.Content;
}

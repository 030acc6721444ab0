import {
  endpointRequest,
  messages,
  SESSION_REVOKED_ERROR,
  type AnyEndpoint,
  type Envelope,
  type InputOf,
} from '@swapstuff/contracts';
import { ApiError, bus, useSession } from '@swapstuff/sdk';

/**
 * The sdk's api client reads every answer as the JSON envelope; an endpoint whose answer is a document
 * (`document: 'png'`, POST /api/download) is read here as a Blob instead. It goes the way the sdk's calls
 * go: to the same origin with the browser's cookies (the gateway keeps the session), echoing the XSRF
 * cookie; a refusal is an ApiError with the api's Description, and a 401 "407" ends the session.
 */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

async function send(endpoint: AnyEndpoint, url: string, body: string | undefined, signal?: AbortSignal) {
  const xsrf = readCookie(XSRF_COOKIE);
  const headers: Record<string, string> = { Accept: '*/*' };
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method: endpoint.method, headers, credentials: 'same-origin', body, signal });
  return { response, xsrf };
}

export async function fetchBlob<E extends AnyEndpoint>(
  endpoint: E,
  input: InputOf<E>,
  signal?: AbortSignal,
): Promise<Blob> {
  const { url, json } = endpointRequest(endpoint, input as object);
  let answer: Awaited<ReturnType<typeof send>>;
  let envelope: Envelope | null = null;
  try {
    answer = await send(endpoint, url, json, signal);
    if (!answer.response.ok) {
      envelope = (await answer.response.json().catch(() => null)) as Envelope | null;
      // as the sdk does: a lost XSRF cookie is set again by the refusal, and one more try carries it
      const refused = answer.response.status === 403 && envelope?.Description === messages.csrfRefused;
      if (refused && readCookie(XSRF_COOKIE) !== answer.xsrf) {
        answer = await send(endpoint, url, json, signal);
        envelope = answer.response.ok ? null : ((await answer.response.json().catch(() => null)) as Envelope | null);
      }
    }
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, null);
  }
  const { status } = answer.response;
  if (status === 401 && envelope?.error === SESSION_REVOKED_ERROR) {
    useSession.getState().setClearSession(true);
    bus.emit('session:ended', {});
  }
  if (!answer.response.ok) throw new ApiError(status, envelope);
  return answer.response.blob();
}

/**
 * Throughput as ratios measured in one run on one machine: the api against a bare node:http server that
 * answers the same bytes (what Express, logging and our code cost), and the gateway against the api
 * (what the proxy costs). Absolute req/s depend on the machine and on what else runs; the ratios much less.
 */
import autocannon from 'autocannon';
import { startBareServer, type BareAnswer } from './servers';

export interface Load {
  target: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface Ratio {
  measure: string;
  /** the measured side over the reference side */
  value: number;
  /** none for a row that only gives context to the others */
  target?: number;
  of: Load;
  against: Load;
}

export interface ThroughputOptions {
  durationS: number;
  connections: number;
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)));
  });
}

/** A short unmeasured warm-up (JIT, connection pools, caches), then `durationS` seconds. */
export async function load(target: string, base: string, request: Request, options: ThroughputOptions): Promise<Load> {
  const shape: autocannon.Options = {
    url: `${base}${request.path}`,
    method: request.method,
    body: request.body,
    headers: request.body ? { 'content-type': 'application/json' } : {},
    connections: options.connections,
  };
  await run({ ...shape, duration: 2 });
  const result = await run({ ...shape, duration: options.durationS });
  return {
    target,
    reqPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const share = (of: Load, against: Load) => Math.round((of.reqPerSec / Math.max(against.reqPerSec, 1)) * 100) / 100;

/** The api's answer to `request`, as autocannon receives it (no compression asked for). */
async function answerOf(apiUrl: string, request: Request): Promise<BareAnswer> {
  const answer = await fetch(`${apiUrl}${request.path}`, {
    method: request.method,
    body: request.body,
    headers: { 'accept-encoding': 'identity', ...(request.body ? { 'content-type': 'application/json' } : {}) },
  });
  if (!answer.ok) throw new Error(`${request.method} ${request.path} answered ${answer.status}`);
  return { body: await answer.text(), contentType: answer.headers.get('content-type') ?? undefined };
}

async function loadBare(target: string, answer: BareAnswer, request: Request, options: ThroughputOptions) {
  const bare = await startBareServer(answer);
  try {
    return await load(target, bare.url, request, options);
  } finally {
    await bare.stop();
  }
}

/**
 * The api's answer to `request` read once, then a bare node:http server answering exactly those bytes
 * (same Content-Type) measured the same way as the api.
 */
export async function apiAgainstBare(
  measure: string,
  apiUrl: string,
  request: Request,
  target: number,
  options: ThroughputOptions,
): Promise<Ratio> {
  const answer = await answerOf(apiUrl, request);
  const against = await loadBare(`bare node:http (same answer as ${request.path})`, answer, request, options);
  const of = await load(`api ${request.method} ${request.path}`, apiUrl, request, options);
  return { measure, value: share(of, against), target, of, against };
}

/**
 * Context for the rows above: one route of a minimal Express app answering the same bytes, against bare
 * node:http. No route the api serves through Express can do better than this share.
 */
export async function expressAgainstBare(
  measure: string,
  apiUrl: string,
  request: Request,
  options: ThroughputOptions,
): Promise<Ratio> {
  const answer = await answerOf(apiUrl, request);
  const against = await loadBare(`bare node:http (same answer as ${request.path})`, answer, request, options);
  const of = await loadBare(`minimal Express app (same answer)`, { ...answer, express: true }, request, options);
  return { measure, value: share(of, against), of, against };
}

/** The gateway against the api directly, on the same request. */
export async function gatewayAgainstApi(
  measure: string,
  apiUrl: string,
  gatewayUrl: string,
  request: Request,
  target: number,
  options: ThroughputOptions,
): Promise<Ratio> {
  const against = await load(`api ${request.method} ${request.path}`, apiUrl, request, options);
  const of = await load(`gateway ${request.method} ${request.path}`, gatewayUrl, request, options);
  return { measure, value: share(of, against), target, of, against };
}

import http from 'node:http';

export interface Outcome {
  /** when the request was sent (epoch ms) */
  at: number;
  ms: number;
  status?: number;
  /** the error code (ECONNREFUSED, ECONNRESET …) when no answer came */
  error?: string;
  /** the server asked to close the connection after this answer */
  closed: boolean;
}

export interface Load {
  outcomes: Outcome[];
  /** stops every worker after its current request, resolves when they have */
  stop(): Promise<void>;
}

export interface LoadOptions {
  base: string;
  /** the path of each request, chosen per request */
  path: (n: number) => string;
  headers?: Record<string, string>;
  workers: number;
  /**
   * A worker stops when the server says `Connection: close`, as a load balancer stops sending to a
   * server that is draining; otherwise it goes on (on a new connection).
   */
  leaveOnClose?: boolean;
  /** a request not answered within this is recorded as the error TIMEOUT */
  timeoutMs?: number;
}

function once(agent: http.Agent, url: URL, headers: Record<string, string>, timeoutMs: number): Promise<Outcome> {
  const at = Date.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ at, ms: Date.now() - at, status: res.statusCode, closed: res.headers.connection === 'close' }),
      );
      res.on('error', (err: NodeJS.ErrnoException) =>
        resolve({ at, ms: Date.now() - at, error: err.code ?? err.message, closed: true }),
      );
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ at, ms: Date.now() - at, error: err.code ?? err.message, closed: true }),
    );
  });
}

/** `workers` clients, each on one keep-alive connection of its own, sending one request after another. */
export function startLoad(options: LoadOptions): Load {
  const { base, workers, headers = {}, leaveOnClose = false, timeoutMs = 30_000 } = options;
  const outcomes: Outcome[] = [];
  let running = true;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      while (running) {
        const outcome = await once(agent, new URL(options.path(n++), base), headers, timeoutMs);
        outcomes.push(outcome);
        if (leaveOnClose && outcome.closed) return;
        // a refused or failed connection: do not spin
        if (outcome.error) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      agent.destroy();
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** One request on a connection of its own, as a load balancer's health check makes it. */
export function probe(url: string, timeoutMs = 10_000): Promise<{ at: number; ms: number; status: number | string }> {
  const at = Date.now();
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ at, ms: Date.now() - at, status: res.statusCode ?? 0 }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ at, ms: Date.now() - at, status: err.code ?? err.message }),
    );
  });
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call the gate let through to the provider, with the provider's answer. */
export interface ProviderCall {
  method: string;
  path: string;
  body: string;
  status: number;
  answer: string;
}

interface Held extends ProviderCall {
  deliver(): void;
}

/**
 * A door between the api and a provider's sandbox (the api's STRIPE_SANDBOX_URL points at it), for the tests
 * that fault the database in the middle of a money step: every call goes through to the provider at once, and
 * while a call matching `holdAnswers` arrives, the provider's answer is kept back. The provider has acted (the
 * card captured, the refund made) and the api has not heard yet: the moment the test stops or kills the
 * database, or the api, and then lets the answers go.
 */
export class ProviderGate {
  private target?: string;
  private matching?: (call: ProviderCall) => boolean;
  private held: Held[] = [];
  /** every call since the gate started, answered or held */
  readonly calls: ProviderCall[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<ProviderGate> {
    const server = http.createServer();
    const gate = new ProviderGate(server);
    server.on('request', (req, res) => gate.pass(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return gate;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Where the calls go (the site's sandbox, known once the site started). */
  forwardTo(target: string): void {
    this.target = target;
  }

  /** From now on, the answers of the calls `matching` picks are kept back. */
  holdAnswers(matching: (call: ProviderCall) => boolean): void {
    this.matching = matching;
  }

  /** Resolves once `count` answers are kept back. */
  async heldCalls(count: number, withinMs = 60_000): Promise<void> {
    if (this.held.length < count) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${this.held.length} of ${count} provider calls arrived within ${withinMs} ms`)),
          withinMs,
        );
        this.waiters.push({
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
  }

  /** Stops holding, and sends the answers kept back (to an api that may have died meanwhile). */
  release(): void {
    this.matching = undefined;
    for (const call of this.held.splice(0)) call.deliver();
  }

  async close(): Promise<void> {
    this.release();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async pass(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const asked = { method: req.method ?? 'GET', path: req.url ?? '/', body: body.toString('utf8') };
    try {
      if (!this.target) throw new Error('the gate has nowhere to forward to yet');
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(`${this.target}${asked.path}`, {
        method: asked.method,
        headers,
        body: ['GET', 'HEAD'].includes(asked.method) ? undefined : body,
      });
      const answerBody = Buffer.from(await answer.arrayBuffer());
      const call = { ...asked, status: answer.status, answer: answerBody.toString('utf8') };
      this.calls.push(call);
      const deliver = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
          ...(answer.headers.get('request-id') && { 'request-id': answer.headers.get('request-id')! }),
          ...(answer.headers.get('idempotency-key') && { 'idempotency-key': answer.headers.get('idempotency-key')! }),
        });
        res.end(answerBody);
      };
      if (!this.matching?.(call)) return deliver();
      this.held.push({ ...call, deliver });
      for (const waiter of this.waiters.filter((w) => this.held.length >= w.count)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    } catch (err) {
      if (!res.destroyed) res.writeHead(502, { 'content-type': 'text/plain' }).end(String(err));
    }
  }
}

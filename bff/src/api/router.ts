import { Router, type Request, type RequestHandler, type Response } from 'express';
import type Joi from 'joi';
import { pathsOf, type AnyEndpoint } from '@swapstuff/contracts';
import { parse } from './validation';

/** An endpoint of the table as the api serves it: the OpenAPI document is written from these. */
export interface RegisteredRoute {
  endpoint: AnyEndpoint;
  /** what the input is checked against (joi), when it has more than path params */
  schema?: Joi.ObjectSchema;
}

export interface RouteOptions {
  /** the input's rules: the handler receives what they let through */
  schema?: Joi.ObjectSchema;
  /** what is checked, when it is not the endpoint's body or query (a keyword from the path, say) */
  input?: (req: Request) => unknown;
  /** handlers that run before the input is read (the multipart parser) */
  before?: RequestHandler[];
  /**
   * For a GET whose answer to visitors is the same for all and kept a while (ListedAnswers): that answer
   * while it is kept, which a visitor's request is then sent before Express (KeptForVisitors).
   */
  keptForVisitors?: () => object | undefined;
}

export interface Call<T> {
  input: T;
  req: Request;
  res: Response;
}

/** The session check each `auth` of the table names: the auth feature's bearer-token middleware, the staff feature's. */
export type SessionChecks = Record<Exclude<AnyEndpoint['auth'], 'none'>, RequestHandler>;

/**
 * The api's routes, registered from the endpoint table (contracts' endpoints.ts): the method, every path
 * and alias, and the session check come from the entry, so a route cannot forget its auth or serve a
 * path the table does not list. Every feature registers on the one router app.ts makes.
 */
export class ApiRouter {
  readonly router: Router = Router();
  readonly routes: RegisteredRoute[] = [];
  /** Each GET path of the table whose visitors' answer is kept (RouteOptions.keptForVisitors). */
  readonly keptForVisitors = new Map<string, () => object | undefined>();
  private readonly auth: Record<AnyEndpoint['auth'], RequestHandler[]>;

  constructor(checks: SessionChecks) {
    this.auth = {
      required: [checks.required],
      optional: [checks.optional],
      'staff-factor': [checks['staff-factor']],
      support: [checks.support],
      admin: [checks.admin],
      none: [],
    };
  }

  handle<T = undefined>(
    endpoint: AnyEndpoint,
    options: RouteOptions,
    handler: (call: Call<T>) => Promise<void> | void,
  ): void {
    this.routes.push({ endpoint, schema: options.schema });
    const raw = options.input ?? ((req: Request) => (endpoint.input === 'query' ? req.query : req.body));
    const run: RequestHandler = async (req, res) => {
      const input = options.schema ? parse<T>(options.schema, raw(req)) : (undefined as T);
      await handler({ input, req, res });
    };
    if (options.keptForVisitors) {
      if (endpoint.method !== 'GET') throw new Error(`${endpoint.path}: only a GET's answer can be kept for visitors`);
      for (const path of pathsOf(endpoint)) this.keptForVisitors.set(path, options.keptForVisitors);
    }
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete';
    this.router[method](pathsOf(endpoint), ...this.auth[endpoint.auth], ...(options.before ?? []), run);
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { CLOSE_MESSAGE, type ServerRole } from './serve';

export interface SupervisorOptions {
  /** the servers to run, each in a process of its own: node `mainPath` with ROLE=<role> */
  roles: ServerRole[];
  mainPath: string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** after a signal, how long the front server keeps accepting while load balancers take it out */
  shutdownDelayMs: number;
  /** after a signal, every child is gone within this (a straggler is killed a second later) */
  shutdownTimeoutMs: number;
  /** the first wait before a restart; it doubles with each quick crash, up to maxBackoffMs */
  backoffMs?: number;
  maxBackoffMs?: number;
}

interface Slot {
  role: ServerRole;
  child?: ChildProcess;
  startedAt: number;
  /** crashes in a row, each within `stableMs` of its start */
  crashes: number;
  restart?: NodeJS.Timeout;
}

/** A child that ran this long before it died is restarted after the first wait, its crash count forgotten. */
const STABLE_MS = 30_000;
/** A signal again within this is the first one delivered twice (to the group, and passed on by npm). */
const REPEAT_MS = 1000;
/**
 * The order servers stop accepting in, stage by stage: each stage calls the next (the gateway the api, the
 * api the sandboxes), so a stage is told to stop once every server of the one before it is gone.
 */
export const STOP_ORDER: ServerRole[][] = [['gateway'], ['api'], ['stripe-sandbox', 'shippo-sandbox', 'oidc-sandbox']];

const stageOf = (role: ServerRole) => STOP_ORDER.findIndex((stage) => stage.includes(role));

/**
 * `npm start`: runs the api and the gateway as separate processes, restarts one that dies (after a
 * backoff that grows while it keeps dying, logged), and passes SIGINT/SIGTERM on. On a signal both drain
 * at once (readiness 503, connections closed after their response); the gateway stops accepting after
 * shutdownDelayMs, the api only once the gateway is gone, so that nothing the gateway accepted finds the
 * api closed, and the providers' sandboxes once the api is gone. The supervisor exits when its children
 * have, within shutdownTimeoutMs.
 */
export function supervise(options: SupervisorOptions): void {
  const { roles, mainPath, env, logger, shutdownDelayMs, shutdownTimeoutMs } = options;
  const backoffMs = options.backoffMs ?? 500;
  const maxBackoffMs = options.maxBackoffMs ?? 30_000;
  const slots: Slot[] = roles.map((role) => ({ role, startedAt: 0, crashes: 0 }));
  let stopping = false;
  let stoppingSince = 0;
  let failed = false;

  /** The front stage (the gateway) stops accepting first; each next one once every server before it is gone. */
  const stages = STOP_ORDER.map((_, index) => slots.filter((slot) => stageOf(slot.role) === index)).filter(
    (stage) => stage.length > 0,
  );
  const isRunning = (slot: Slot) => !!slot.child && slot.child.exitCode === null && slot.child.signalCode === null;
  const running = () => slots.filter(isRunning);
  const tell = (slot: Slot) => {
    if (slot.child?.connected) slot.child.send(CLOSE_MESSAGE, () => undefined);
  };
  /** Tells the first stage from `from` on that still runs a server to stop accepting (each stage once). */
  let told = -1;
  const tellStageFrom = (from: number) => {
    const next = stages.findIndex((stage, index) => index >= from && stage.some(isRunning));
    if (next === -1 || next <= told) return;
    told = next;
    for (const slot of stages[next]) tell(slot);
  };

  function start(slot: Slot): void {
    slot.restart = undefined;
    slot.startedAt = Date.now();
    const child = spawn(process.execPath, [mainPath], {
      env: { ...env, ROLE: slot.role },
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    child.on('error', (err) => logger.error({ err, role: slot.role }, `the ${slot.role} could not be started`));
    child.on('exit', (code, signal) => {
      if (stopping) {
        if (code !== 0) failed = true;
        logger.info({ role: slot.role, code, signal }, `${slot.role} stopped`);
        // the gateway is gone: nothing more can reach the api through it (nor the sandboxes through the api)
        if (running().length === 0) process.exit(failed ? 1 : 0);
        const stage = stages.findIndex((servers) => servers.includes(slot));
        if (!stages.slice(0, stage + 1).some((servers) => servers.some(isRunning))) tellStageFrom(stage + 1);
        return;
      }
      slot.crashes = Date.now() - slot.startedAt > STABLE_MS ? 1 : slot.crashes + 1;
      const delay = Math.min(maxBackoffMs, backoffMs * 2 ** (slot.crashes - 1));
      logger.error(
        { role: slot.role, code, signal, crashes: slot.crashes },
        `${slot.role} exited (code ${code ?? '-'}, signal ${signal ?? '-'}): restarting in ${delay} ms`,
      );
      slot.restart = setTimeout(() => start(slot), delay);
    });
  }

  function stop(signal: NodeJS.Signals): void {
    if (stopping) {
      // Ctrl-C reaches the whole process group and npm passes it on too: the same signal, twice at once
      if (Date.now() - stoppingSince < REPEAT_MS) return;
      // a second Ctrl-C, later: no more waiting
      logger.warn(`${signal} again: killing the servers`);
      for (const slot of running()) slot.child!.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    stoppingSince = Date.now();
    logger.info(`${signal}: stopping ${roles.join(' and ')}`);
    for (const slot of slots) clearTimeout(slot.restart);
    const alive = running();
    if (alive.length === 0) process.exit(0);
    for (const slot of alive) slot.child!.kill(signal);
    setTimeout(() => tellStageFrom(0), shutdownDelayMs).unref();
    setTimeout(() => {
      for (const slot of running()) {
        logger.error({ role: slot.role }, `${slot.role} still running after ${shutdownTimeoutMs} ms: killing it`);
        slot.child!.kill('SIGKILL');
      }
      process.exit(1);
    }, shutdownTimeoutMs + 1000).unref();
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (const slot of slots) start(slot);
}

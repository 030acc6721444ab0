import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A task boundary: `scheduler.yield()` where the browser has it (it resumes ahead of other tasks), else a message. */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Each shared module an app loads, in a task of its own. A chunk that needs shared modules asks for all
 * of them at once (webpack's `consumes`), and each `loadShare` goes on to resolve its share and insert its
 * chunk's `<script>`: twenty of them ran as one task of ~40 ms on this machine before Lighthouse's 4×
 * slowdown (a remote's page, and the shell's bootstrap), most of it inserting scripts. Waiting for a task
 * boundary before each lets the browser paint and answer input between them; the loads still start
 * together and their downloads overlap as before. Applied to every app (build/webpack.base.js): each app's
 * runtime instance loads its own shares.
 */
export function yieldBetweenSharesPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'swapstuff-yield-between-shares',
    async beforeLoadShare(args) {
      await yieldToBrowser();
      return args;
    },
  };
}

/** The form webpack's `runtimePlugins` option loads: a module whose default export makes the plugin. */
export default yieldBetweenSharesPlugin;

import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type SharedHandler = Parameters<NonNullable<ModuleFederationRuntimePlugin['init']>>[0]['origin']['sharedHandler'];

/**
 * The shell's shared modules are registered in a share scope once, not again at every share it loads.
 * The runtime (2.9.x) calls `initializeSharing` from each `loadShare`, meant to be stopped by a token it
 * looks for in `initScope`; `loadShare` passes none, so each call starts from an empty list and registers
 * every shared module of the app again. The shell shares 87 (each antd component on its own), and a page
 * loads dozens: on a phone that was the longest task of the shell's start (bench: `initializeSharing`,
 * ~125 ms of the home page's CPU profile on this machine before the 4× slowdown). Giving those calls one
 * lasting `initScope` is the upstream fix (module-federation/core#5062, open); drop this plugin once a
 * release carries it. Calls from the build (`from: 'build'`, a container's init) are left as they are.
 */
export function shareOncePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'swapstuff-share-once',
    init(args) {
      const handler: SharedHandler = args.origin.sharedHandler;
      const initScope: NonNullable<Parameters<SharedHandler['initializeSharing']>[1]>['initScope'] = [];
      const initializeSharing = handler.initializeSharing.bind(handler);
      handler.initializeSharing = (shareScopeName, extraOptions) =>
        initializeSharing(
          shareScopeName,
          extraOptions?.initScope || extraOptions?.from === 'build' ? extraOptions : { ...extraOptions, initScope },
        );
      return args;
    },
  };
}

/** The form webpack's `runtimePlugins` option loads: a module whose default export makes the plugin. */
export default shareOncePlugin;

import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { shareOncePlugin } from './shareOnce';

const SHARED = 40;
const LOADS = 25;

/** An app sharing SHARED modules that loads LOADS of them, and how often the runtime registered one. */
async function registrations(plugins: ModuleFederationRuntimePlugin[]) {
  let registered = 0;
  const counter: ModuleFederationRuntimePlugin = {
    name: 'count-registrations',
    afterRegisterShare(args) {
      registered++;
      return args;
    },
  };
  const shared = Object.fromEntries(
    Array.from({ length: SHARED }, (_, i) => [
      `pkg-${i}`,
      { version: '1.0.0', lib: () => ({ id: i }), shareConfig: { singleton: true, requiredVersion: '^1.0.0' } },
    ]),
  );
  const app = createInstance({
    name: `app_${plugins.length}_${Math.random()}`,
    remotes: [],
    shared,
    plugins: [counter, ...plugins],
  });
  const before = registered;
  const loaded = [];
  for (let i = 0; i < LOADS; i++) {
    const factory = await app.loadShare<{ id: number }>(`pkg-${i}`);
    loaded.push(factory ? factory()?.id : undefined);
  }
  return { byLoads: registered - before, loaded };
}

describe('shareOncePlugin', () => {
  it('registers the shared modules once, however many of them the app loads', async () => {
    const without = await registrations([]);
    const withPlugin = await registrations([shareOncePlugin()]);
    // the runtime alone registers every shared module again at each load
    expect(without.byLoads).toBe(SHARED * LOADS);
    expect(withPlugin.byLoads).toBeLessThanOrEqual(SHARED);
    // and every load still returns its module
    expect(withPlugin.loaded).toEqual(Array.from({ length: LOADS }, (_, i) => i));
    expect(withPlugin.loaded).toEqual(without.loaded);
  });
});

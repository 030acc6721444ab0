import { createInstance, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { yieldBetweenSharesPlugin } from './yieldBetweenShares';

const SHARED = 12;

/**
 * An app loads SHARED shared modules at once, as a chunk's `consumes` does, while another task is waiting
 * (queued just before): in what order the loads and that task finish.
 */
async function finishing(plugins: ModuleFederationRuntimePlugin[]) {
  const shared = Object.fromEntries(
    Array.from({ length: SHARED }, (_, i) => [
      `pkg-${i}`,
      { version: '1.0.0', lib: () => ({ id: i }), shareConfig: { singleton: true, requiredVersion: '^1.0.0' } },
    ]),
  );
  const app = createInstance({ name: `app_${plugins.length}_${Math.random()}`, remotes: [], shared, plugins });
  const order: string[] = [];
  const waiting = new MessageChannel();
  waiting.port1.onmessage = () => {
    order.push('other task');
    waiting.port1.close();
  };
  waiting.port2.postMessage(null);
  const ids = await Promise.all(
    Array.from({ length: SHARED }, async (_, i) => {
      const factory = await app.loadShare<{ id: number }>(`pkg-${i}`);
      order.push(`pkg-${i}`);
      return factory ? factory()?.id : undefined;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { order, ids };
}

describe('yieldBetweenSharesPlugin', () => {
  it('lets a waiting task run before the shared modules loaded at once, which the runtime alone does not', async () => {
    const without = await finishing([]);
    const withPlugin = await finishing([yieldBetweenSharesPlugin()]);
    // the runtime alone: every load settles in the task that asked, the other task after all of them
    expect(without.order.at(-1)).toBe('other task');
    // with the plugin each load waits for a task boundary: the other task is not held up by them
    expect(withPlugin.order[0]).toBe('other task');
    expect(withPlugin.order).toHaveLength(SHARED + 1);
    // and every load still returns its module
    const all = Array.from({ length: SHARED }, (_, i) => i);
    expect(without.ids).toEqual(all);
    expect(withPlugin.ids).toEqual(all);
  });
});

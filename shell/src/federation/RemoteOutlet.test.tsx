/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteOutlet } from './RemoteOutlet';
import { RemoteUnavailable } from './RemoteFallback';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const Remote = () => <p>remote content</p>;

let n = 0;
/** each test gets its own remote name: the outlet keeps one lazy component per name */
const uniqueName = () => `mfe_test_${++n}`;

describe('RemoteOutlet', () => {
  it('shows the fallback with Retry in the outlet when the remote cannot load, and loads it on Retry', async () => {
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('ScriptNetworkError'))
      .mockResolvedValueOnce({ default: Remote });
    const name = uniqueName();
    const { container } = render(
      <>
        <header>site header</header>
        <RemoteOutlet name={name} load={load} />
      </>,
    );

    const fallback = await screen.findByTestId('remote-fallback');
    expect(container.querySelector(`[data-remote="${name}"]`)?.contains(fallback)).toBe(true);
    expect(screen.getByText('site header').textContent).toBe('site header');

    await userEvent.click(screen.getByRole('button', { name: /retry/i }));

    expect((await screen.findByText('remote content')).tagName).toBe('P');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that throws while rendering', async () => {
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('render failed');
      return <p>recovered</p>;
    };
    render(<RemoteOutlet name={uniqueName()} load={() => Promise.resolve({ default: Flaky })} />);

    await screen.findByTestId('remote-fallback');
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    await screen.findByText('recovered');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
  });

  it("retries from the module errorLoadRemote returns in the remote's place", async () => {
    // what loadRemote resolves to after the fallback plugin caught the failure
    const load = jest
      .fn()
      .mockResolvedValueOnce({ default: RemoteUnavailable })
      .mockResolvedValueOnce({ default: Remote });
    render(<RemoteOutlet name={uniqueName()} load={load} />);

    await screen.findByTestId('remote-fallback');
    await userEvent.click(screen.getByRole('button', { name: /retry/i }));
    await screen.findByText('remote content');
    expect(screen.queryByTestId('remote-fallback')).toBeNull();
  });
});

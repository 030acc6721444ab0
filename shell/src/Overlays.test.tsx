/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bus, toast } from '@swapstuff/sdk';
import Overlays from './Overlays';

// antd's first render in a fresh jsdom is slow on CI's two busy cores
jest.setTimeout(15_000);

describe('Overlays', () => {
  it('replays what was sent before antd had loaded (a Login click, a toast), then handles the next ones', async () => {
    bus.emit('login:open', {});
    toast.error('sent before antd');
    render(
      <MemoryRouter>
        <Overlays />
      </MemoryRouter>,
    );

    const popup = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(popup.textContent).toContain('Sign in to Swapstuff');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect((await screen.findByText('sent before antd')).textContent).toBe('sent before antd');

    act(() => toast.success('sent after'));
    expect((await screen.findByText('sent after')).textContent).toBe('sent after');
  });
});

/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderFilterBar } from './OrderFilterBar';

function renderBar(initial?: Parameters<typeof OrderFilterBar>[0]['initial']) {
  const onSearch = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<OrderFilterBar initial={initial} onSearch={onSearch} />);
  const bar = screen.getByRole('search', { name: 'Filter orders' });
  const searchBox = within(bar).getByRole('textbox', { name: 'Search orders' }) as HTMLInputElement;
  const status = within(bar).getByRole('combobox', { name: 'Status' });
  /** the statuses the open dropdown lists */
  const shownOptions = () =>
    [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title'));
  /**
   * Picks a status with the keyboard: the arrows through the list, Enter. rc-select reads the keys' `which`,
   * which browsers send and user-event's key map leaves out: the keys are sent by hand.
   */
  const press = async (key: 'ArrowDown' | 'Enter') => {
    const code = key === 'ArrowDown' ? 40 : 13;
    await act(async () => {
      fireEvent.keyDown(status, { key, keyCode: code, which: code });
    });
  };
  const pickStatus = async (label: string) => {
    act(() => status.focus());
    await press('ArrowDown'); // opens the list on All statuses
    await waitFor(() => expect(shownOptions()).toContain(label));
    for (let i = 0; i < shownOptions().indexOf(label); i++) await press('ArrowDown');
    await press('Enter');
    await waitFor(() => expect(status.getAttribute('aria-expanded')).toBe('false'));
  };
  return { user, bar, searchBox, status, pickStatus, shownOptions, onSearch };
}

it('offers every order status, and All statuses', async () => {
  const { user, status, shownOptions } = renderBar();
  await user.click(status);
  await waitFor(() =>
    expect(shownOptions()).toEqual(['All statuses', 'Pending', 'Delivered', 'Disputed', 'Completed']),
  );
});

it('searches with the words and the status chosen', async () => {
  const { user, bar, searchBox, pickStatus, onSearch } = renderBar();
  await user.type(searchBox, '  walnut desk ');
  await pickStatus('Delivered');
  expect(bar.textContent).toContain('Delivered');
  await user.click(within(bar).getByRole('button', { name: 'Search' }));
  expect(onSearch).toHaveBeenLastCalledWith({ search: 'walnut desk', status: '5' });
});

it('searches with Enter in the search box', async () => {
  const { user, searchBox, onSearch } = renderBar();
  await user.type(searchBox, 'bike{Enter}');
  expect(onSearch).toHaveBeenCalledWith({ search: 'bike', status: null });
});

it('Clear Filter empties the bar and searches for everything', async () => {
  const { user, bar, searchBox, onSearch } = renderBar({ search: 'desk', status: '9' });
  expect(searchBox.value).toBe('desk');
  expect(bar.textContent).toContain('Completed');
  await user.click(within(bar).getByRole('button', { name: 'Clear Filter' }));
  expect(onSearch).toHaveBeenCalledWith({ search: '', status: null });
  expect(searchBox.value).toBe('');
  expect(bar.textContent).toContain('All statuses');
});

/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ShareMenu } from './ShareMenu';

const product = { id: 5, title: 'Road bike' };

it('draws the Share button alone, and opens the menu of share targets on its first press', async () => {
  render(<ShareMenu product={product} />);
  const share = screen.getByRole('button', { name: 'Share Road bike' });
  expect(screen.queryByText('Copy link')).toBeNull();

  await act(async () => fireEvent.click(share));

  expect(await screen.findByText('Copy link')).toBeTruthy();
  const links = ['Email', 'Facebook', 'X (Twitter)'].map((name) => screen.getByText(name).closest('a')!);
  expect(links[0].getAttribute('href')).toBe(
    `mailto:?subject=Road%20bike%20on%20Swapstuff&body=${encodeURIComponent('http://localhost/item-detail/5')}`,
  );
  expect(links[1].getAttribute('href')).toContain(encodeURIComponent('http://localhost/item-detail/5'));
  // the button drawn inside the menu keeps the keyboard's place
  expect(document.activeElement?.getAttribute('aria-label')).toBe('Share Road bike');
});

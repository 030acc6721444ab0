/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { orderMessages } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { AddRatingsDialog } from './AddRatingsDialog';

const GOOD_COMMENT = 'Quick to ship, well packed.';

function renderDialog(onSubmit: jest.Mock = jest.fn().mockResolvedValue(undefined)) {
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<AddRatingsDialog open ratedName="Ada L." onSubmit={onSubmit} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: 'Add Ratings' });
  const stars = within(dialog).getByRole('slider', { name: 'Your rating' });
  const comments = within(dialog).getByLabelText('Comments') as HTMLTextAreaElement;
  const submitButton = () => within(dialog).getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
  const label = () => within(dialog).getByTestId('rating-label').textContent;
  /** whole stars by clicking the n-th star */
  const clickStar = (n: number) => user.click(within(dialog).getAllByRole('radio')[n - 1].firstElementChild!);
  /**
   * The arrow keys on the stars. rc-rate reads the key's keyCode, which browsers send and user-event's
   * key map leaves out: the key is sent by hand, then the form's watchers (a macro task) are let run.
   */
  const arrow = async (direction: 'left' | 'right', times = 1) => {
    for (let i = 0; i < times; i++) {
      fireEvent.keyDown(
        stars,
        direction === 'right' ? { key: 'ArrowRight', keyCode: 39 } : { key: 'ArrowLeft', keyCode: 37 },
      );
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    }
  };
  /** types a comment at once (a paste: antd's auto-sized textarea is slow to type into in jsdom) */
  const write = async (text: string) => {
    await user.click(comments);
    await user.paste(text);
  };
  return { user, dialog, stars, comments, submitButton, label, clickStar, arrow, write, onSubmit, onClose };
}

it('labels each half step beside the stars, moved with the arrow keys', async () => {
  const { user, stars, label, arrow } = renderDialog();
  expect(label()).toBe('');
  expect(stars.getAttribute('aria-valuetext')).toBe('No stars');
  // reached with Tab (after the dialog's close button)
  for (let i = 0; i < 3 && document.activeElement !== stars; i++) await user.tab();
  expect(document.activeElement).toBe(stars);
  const seen: string[] = [];
  for (let i = 0; i < 10; i++) {
    await arrow('right');
    seen.push(label() ?? '');
  }
  expect(seen).toEqual([
    'Useless',
    'Useless+',
    'Poor',
    'Poor+',
    'Ok',
    'Ok+',
    'Good',
    'Good+',
    'Excellent',
    'Excellent+',
  ]);
  expect(stars.getAttribute('aria-valuenow')).toBe('5');
  expect(stars.getAttribute('aria-valuetext')).toBe('5 of 5 stars, Excellent+');
  await arrow('left');
  expect(label()).toBe('Excellent');
  expect(stars.getAttribute('aria-valuetext')).toBe('4.5 of 5 stars, Excellent');
});

it('keeps Submit disabled at 0 stars, with the comment untouched, and while it is invalid', async () => {
  const { user, comments, submitButton, clickStar, dialog, write } = renderDialog();
  expect(submitButton().disabled).toBe(true); // nothing yet

  await clickStar(4);
  expect(submitButton().disabled).toBe(true); // comment untouched

  await user.type(comments, 'Too short');
  expect(submitButton().disabled).toBe(true); // 9 characters
  expect(await within(dialog).findByText(orderMessages.ratingCommentLength)).toBeTruthy();

  await user.clear(comments);
  await write('          a');
  expect(submitButton().disabled).toBe(true); // blank around one letter

  await user.clear(comments);
  await write(GOOD_COMMENT);
  await waitFor(() => expect(submitButton().disabled).toBe(false));

  await user.clear(comments);
  expect(await within(dialog).findByText(orderMessages.ratingCommentRequired)).toBeTruthy();
  expect(submitButton().disabled).toBe(true);
});

it('wants stars even with a good comment', async () => {
  const { write, submitButton } = renderDialog();
  await write(GOOD_COMMENT);
  expect(submitButton().disabled).toBe(true);
});

it('sends the stars and the trimmed comment, then closes', async () => {
  const { user, submitButton, arrow, write, onSubmit, onClose } = renderDialog();
  await arrow('right', 7);
  await write(`  ${GOOD_COMMENT}  `);
  await waitFor(() => expect(submitButton().disabled).toBe(false));
  await user.click(submitButton());
  expect(onSubmit).toHaveBeenCalledWith({ stars: 3.5, comments: GOOD_COMMENT });
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});

it('shows why the rating was refused and stays open', async () => {
  const onSubmit = jest
    .fn()
    .mockRejectedValue(new ApiError(409, { Success: false, Description: orderMessages.alreadyRated, Content: null }));
  const { user, dialog, comments, submitButton, clickStar, write, onClose } = renderDialog(onSubmit);
  await clickStar(5);
  await write(GOOD_COMMENT);
  await waitFor(() => expect(submitButton().disabled).toBe(false));
  await user.click(submitButton());
  expect((await within(dialog).findByRole('alert')).textContent).toContain(orderMessages.alreadyRated);
  expect(onClose).not.toHaveBeenCalled();
  expect(comments.value).toBe(GOOD_COMMENT);
  expect(onSubmit).toHaveBeenCalledWith({ stars: 5, comments: GOOD_COMMENT });
});

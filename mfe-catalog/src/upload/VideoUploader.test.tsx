/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { messages } from '@swapstuff/contracts';
import { recordToasts } from '@swapstuff/sdk/testing';
import { VideoUploader } from './VideoUploader';

const toasts = recordToasts();
const video = (name: string, type = 'video/mp4') => new File([new Uint8Array([0, 0, 0, 24])], name, { type });

function renderUploader(have = 0) {
  const onConfirm = jest.fn();
  render(<VideoUploader open have={have} onConfirm={onConfirm} onCancel={jest.fn()} />);
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const choose = (files: File[]) => fireEvent.change(input, { target: { files } });
  /** the dialog stays aria-hidden in jsdom (its animation never ends): its parts are found hidden */
  const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Add to listing', hidden: true }));
  return { input, choose, confirm, onConfirm };
}

const problem = () => screen.queryByRole('alert', { hidden: true })?.textContent;

it('confirming none says "Videos are required."', () => {
  const { confirm, onConfirm } = renderUploader();
  confirm();
  expect(problem()).toBe(messages.videosRequired);
  expect(onConfirm).not.toHaveBeenCalled();
});

it('choosing nothing says "No file selected.", whether the chooser sends no files or is cancelled', () => {
  const { input, choose } = renderUploader();
  choose([]);
  expect(problem()).toBe(messages.noFileSelected);
  choose([video('ride.mp4')]);
  expect(problem()).toBeUndefined();
  fireEvent(input, new Event('cancel'));
  expect(problem()).toBe(messages.noFileSelected);
});

it('refuses another type and a third video with the spec toasts, and hands on what it kept', async () => {
  const { choose, confirm, onConfirm } = renderUploader(1);
  choose([video('clip.avi', 'video/x-msvideo'), video('ride.mp4'), video('more.webm', 'video/webm')]);
  expect(toasts).toEqual([`error: ${messages.videoType}`, `error: ${messages.videosMax}`]);
  const list = screen.getByRole('list', { name: 'Videos chosen', hidden: true });
  expect(
    within(list)
      .getAllByRole('listitem', { hidden: true })
      .map((li) => li.textContent),
  ).toEqual(['ride.mp4']);
  confirm();
  await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  expect(onConfirm.mock.calls[0][0].map((f: { name: string }) => f.name)).toEqual(['ride.mp4']);
});

/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { feedbackMessages, messages, type FeedbackItem, type ReportReason } from '@swapstuff/contracts';
import { fakeFetch, fakeXhr, ok, recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import { FeedbackPage } from './FeedbackPage';

const server = fakeFetch();
const toasts = recordToasts();

const reasons: ReportReason[] = [
  { id: 21, name: 'Something is not working' },
  { id: 22, name: 'Swaps' },
  { id: 23, name: 'Other' },
];
const sent: FeedbackItem = {
  id: 1,
  rating: 4,
  reason: { id: 22, name: 'Swaps' },
  message: 'Counter-offers are great.',
  images: [{ file_name: '/media/images/a.jpg', width: 800, height: 600 }],
  created_at: '2026-11-20T10:00:00.000Z',
};

function show(history: FeedbackItem[] = []) {
  server.answer('GET /api/reasons/3', ok(reasons));
  server.answer(
    'POST /api/user/getfeedback',
    ok({ feedback: history, total: history.length, pageNumber: 1, perPage: 10 }),
  );
  render(
    <MemoryRouter>
      <FeedbackPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const photo = (name: string, type = 'image/jpeg', bytes = 1000) => new File([new Uint8Array(bytes)], name, { type });

describe('/feedback', () => {
  it('asks for a rating and a reason, and a message only when the reason is Other', async () => {
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(feedbackMessages.ratingRequired)).toBeTruthy();
    expect(screen.getByText(messages.reportReasonRequired)).toBeTruthy();
    expect(screen.queryByText(feedbackMessages.messageRequired)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(feedbackMessages.messageRequired)).toBeTruthy();
    expect(server.calls.filter((c) => c.url === '/api/user/feedback')).toEqual([]);
  });

  it('keeps 3 photos at most, of the allowed types and 5 MB, and lets one be removed', async () => {
    const user = userEvent.setup({ delay: null });
    show();
    const input = (await screen.findByTestId('feedback-photos')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [photo('a.jpg'), photo('scan.bmp', 'image/bmp')] } });
    expect(toasts).toContain(`error: ${messages.imageType}`);
    fireEvent.change(input, { target: { files: [photo('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)] } });
    expect(toasts).toContain(`error: ${messages.imageOver5Mb}`);
    fireEvent.change(input, {
      target: { files: [photo('b.png', 'image/png'), photo('c.gif', 'image/gif'), photo('d.jpg')] },
    });
    expect(toasts).toContain(`error: ${feedbackMessages.imagesMax}`);
    expect(screen.getAllByRole('img', { name: /^Photo \d: / }).map((img) => img.getAttribute('alt'))).toEqual([
      'Photo 1: a.jpg',
      'Photo 2: b.png',
      'Photo 3: c.gif',
    ]);
    expect(screen.getByRole('button', { name: 'Add Photos' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    expect(screen.getAllByRole('img', { name: /^Photo \d: / })).toHaveLength(2);
  });

  it('sends the rating, reason, message and photos in one request, then empties the form', async () => {
    const user = userEvent.setup({ delay: null });
    show();
    // the star's button is its label (antd's radio button keeps its input under it)
    await user.click((await screen.findByRole('radio', { name: '4 of 5 stars, Good' })).closest('label')!);
    await user.click(screen.getByRole('radio', { name: 'Swaps' }));
    await user.type(screen.getByLabelText('Message'), 'Counter-offers are great.');
    fireEvent.change(screen.getByTestId('feedback-photos'), {
      target: { files: [photo('a.jpg'), photo('b.png', 'image/png')] },
    });
    const xhr = fakeXhr({
      status: 201,
      body: { Success: true, Description: feedbackMessages.sent, Content: { feedback: sent } },
    });
    server.answer('POST /api/user/getfeedback', ok({ feedback: [sent], total: 1, pageNumber: 1, perPage: 10 }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toContain(`success: ${feedbackMessages.sent}`));
    const body = xhr.sent[0].body;
    expect([xhr.sent[0].method, xhr.sent[0].url]).toEqual(['POST', '/api/user/feedback']);
    expect([body.get('rating'), body.get('reasonId'), body.get('message')]).toEqual([
      '4',
      '22',
      'Counter-offers are great.',
    ]);
    expect(body.getAll('images[0]').length + body.getAll('images[1]').length).toBe(2);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryAllByRole('img', { name: /^Photo \d: / })).toHaveLength(0);
    // the list reads again: the new feedback is there
    expect(await screen.findByText('Counter-offers are great.')).toBeTruthy();
    expect(screen.getByText('4 of 5 stars, Good')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo 1 of your feedback' })).toBeTruthy();
  });

  it('shows the previous feedback, or that there is none', async () => {
    show();
    expect(await screen.findByText('Nothing sent yet.')).toBeTruthy();
  });
});

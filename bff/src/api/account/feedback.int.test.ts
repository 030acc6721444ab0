import {
  checkForm,
  feedbackMessages,
  feedbackRules,
  messages,
  type FeedbackInbox,
  type FeedbackItem,
  type FeedbackPage,
  type ReportReason,
} from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { postForm, registerUser, type Upload } from '../../../test/listings';
import { gif, jpegWithGps, png } from '../../../test/media';
import { staffMember } from '../../../test/staff';

/**
 * Feedback (issue 15, spec section 5): rating required (Please rate your experience.), a reason required, a
 * message required when the reason is Other, at most 3 photos of at most 5 MB; the user's previous feedback.
 */
let api: TestApi;
let ada: string;
let reasons: ReportReason[];
beforeAll(async () => {
  api = await startTestApi();
  ada = await registerUser(api, 'ada_feedback');
  reasons = (await call<ReportReason[]>(api.url, 'GET', '/api/reasons/3')).body.Content;
});
afterAll(() => api.close());

/** `token` null: a visitor's post */
const send = (fields: Record<string, string | undefined>, files: Upload[] = [], token: string | null = ada) =>
  postForm<{ feedback: FeedbackItem }>(api, token ?? undefined, '/api/user/feedback', fields, files);
const other = () => reasons.at(-1)!;

it('lists the reasons feedback may be about, Other last', () => {
  expect(reasons.map((r) => r.name)).toEqual([
    'Something is not working',
    'An idea to make Swapstuff better',
    'Buying or selling',
    'Swaps',
    'Other',
  ]);
});

it.each([
  [{ reasonId: '1' }, 'rating', feedbackMessages.ratingRequired],
  [{ rating: '0' }, 'rating', feedbackMessages.ratingRequired],
  [{ rating: '6' }, 'rating', feedbackMessages.ratingRequired],
  [{ rating: 'five' }, 'rating', feedbackMessages.ratingRequired],
  [{ rating: '4', reasonId: undefined }, 'reasonId', messages.reportReasonRequired],
  [{ rating: '4', reasonId: '1', message: 'x'.repeat(1001) }, 'message', feedbackMessages.messageLength],
])('%p → 400 on %s: "%s", as the form says', async (fields, field, message) => {
  const body = { reasonId: String(reasons[0].id), ...fields };
  expect(checkForm(feedbackRules, body)[field]).toBe(message);
  const res = await send(body);
  expect(res.status).toBe(400);
  expect(res.body.Content).toMatchObject({ errors: { [field]: message } });
});

it('asks for a message when the reason is Other, and refuses a reason that is not feedback’s', async () => {
  const blank = await send({ rating: '3', reasonId: String(other().id), message: '   ' });
  expect([blank.status, blank.body.Content]).toEqual([400, { errors: { message: feedbackMessages.messageRequired } }]);
  const productReason = (await call<ReportReason[]>(api.url, 'GET', '/api/reasons/1')).body.Content[0];
  const wrongKind = await send({ rating: '3', reasonId: String(productReason.id) });
  expect(wrongKind.body.Content).toEqual({ errors: { reasonId: messages.reportReasonRequired } });
  expect(await api.db('feedback').count({ n: '*' }).first()).toEqual({ n: 0 });
});

it('keeps feedback with two photos, re-encoded, and lists it the newest first', async () => {
  const first = await send({ rating: '5', reasonId: String(reasons[1].id), message: 'Counter-offers are great.' });
  expect(first.status).toBe(201);
  expect(first.body.Description).toBe(feedbackMessages.sent);
  const second = await send({ rating: '2', reasonId: String(other().id), message: ' The map was slow. ' }, [
    ['images[0]', 'map.jpg', await jpegWithGps(1600, 1200)],
    ['images[1]', 'zoom.png', await png(300, 200)],
  ]);
  expect(second.status).toBe(201);
  expect(second.body.Content.feedback).toMatchObject({
    rating: 2,
    reason: { id: other().id, name: 'Other' },
    message: 'The map was slow.',
    images: [
      { file_name: expect.stringMatching(/^\/media\/images\/[0-9a-f]{64}\.jpg$/), width: 800, height: 600 },
      { file_name: expect.stringMatching(/\.png$/), width: 300, height: 200 },
    ],
  });
  const served = await fetch(`${api.url}${second.body.Content.feedback.images[0].file_name}`);
  expect(served.status).toBe(200);

  const list = await call<FeedbackPage>(api.url, 'POST', '/api/user/getfeedback', { token: ada, body: {} });
  expect(list.body.Content.total).toBe(2);
  expect(list.body.Content.feedback.map((f) => f.message)).toEqual(['The map was slow.', 'Counter-offers are great.']);
  // another user sees none of it
  const bob = await registerUser(api, 'bob_feedback');
  const theirs = await call<FeedbackPage>(api.url, 'POST', '/api/user/getfeedback', { token: bob, body: {} });
  expect(theirs.body.Content).toMatchObject({ feedback: [], total: 0 });
});

it('refuses a fourth photo, one over 5 MB, one that is not a photo, and a visitor, storing nothing', async () => {
  const before = (await api.db('feedback').count({ n: '*' }).first())!.n;
  const small = await gif(40, 30);
  const fields = { rating: '4', reasonId: String(reasons[0].id) };
  const big = Buffer.concat([await gif(40, 30), Buffer.alloc(5 * 1024 * 1024)]);
  const cases: [Upload[], string | null, number, string][] = [
    [[0, 1, 2, 3].map((i) => [`images[${i}]`, `${i}.gif`, small] as Upload), ada, 400, feedbackMessages.imagesMax],
    [[['images[0]', 'big.gif', big]], ada, 413, messages.imageOver5Mb],
    [[['images[0]', 'fake.jpg', Buffer.from('not a photo')]], ada, 415, messages.imageType],
    [[['avatar', 'a.gif', small]], ada, 400, feedbackMessages.imagesFieldOnly],
    [[], null, 401, messages.unauthenticated],
  ];
  for (const [files, token, status, description] of cases) {
    const res = await send(fields, files, token);
    expect([res.status, res.body.Description]).toEqual([status, description]);
  }
  expect((await api.db('feedback').count({ n: '*' }).first())!.n).toBe(before);
});

it('reaches support’s inbox with who sent it, the newest first; a member is not shown the inbox', async () => {
  const sent = await send({ rating: '2', reasonId: String(reasons[0].id), message: 'The search forgets my filters' });
  expect(sent.status).toBe(201);
  const agent = await staffMember(api, 'fay_feedback_support', 'support');
  const inbox = await call<FeedbackInbox>(api.url, 'GET', '/api/admin/feedback?perPage=5', { token: agent.token });
  expect(inbox.status).toBe(200);
  expect(inbox.body.Content.feedback[0]).toMatchObject({
    rating: 2,
    message: 'The search forgets my filters',
    reason: { id: reasons[0].id },
    user: { email: 'ada_feedback@example.com' },
  });
  expect((await call(api.url, 'GET', '/api/admin/feedback', { token: ada })).status).toBe(404);
});

import {
  feedbackMessages,
  feedbackRules,
  messages,
  type FeedbackBody,
  type FeedbackInbox,
  type FeedbackItem,
  type FeedbackPage,
} from '@swapstuff/contracts';
import { toDate, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { countedPage, fieldError, type Paging } from '../../http';
import { filesNamed, storeImage, type StoredPhoto } from '../media';
import { reportsRepo } from '../reports';
import { fullNameOf } from '../users';
import { compileForm, parse } from '../validation';

export const feedbackSchema = compileForm(feedbackRules);

interface FeedbackRow {
  id: number;
  rating: number;
  reason_id: number;
  reason_name: string;
  message: string | null;
  created_at: Date | number;
}

async function feedbackViews(deps: ApiDeps, rows: FeedbackRow[]): Promise<FeedbackItem[]> {
  const images = await deps
    .db('feedback_images')
    .whereIn(
      'feedback_id',
      rows.map((row) => row.id),
    )
    .orderBy(['feedback_id', 'position']);
  return rows.map((row) => ({
    id: row.id,
    rating: Number(row.rating),
    reason: { id: row.reason_id, name: row.reason_name },
    message: row.message,
    images: images
      .filter((image) => image.feedback_id === row.id)
      .map((image) => ({ file_name: deps.storage.url(image.file_name), width: image.width, height: image.height })),
    created_at: toDate(row.created_at).toISOString(),
  }));
}

const ownFeedback = (deps: ApiDeps, userId: number) =>
  deps
    .db('feedback as f')
    .join('report_reasons as r', 'r.id', 'f.reason_id')
    .where('f.user_id', userId)
    .select('f.id', 'f.rating', 'f.reason_id', 'r.name as reason_name', 'f.message', 'f.created_at');

/**
 * POST /api/user/feedback: checked as the form checks it (a rating 1-5, a feedback reason, a message for Other),
 * its photos checked and re-encoded before anything is stored, then kept with the user's feedback.
 */
export async function sendFeedback(
  deps: ApiDeps,
  userId: number,
  body: unknown,
  files: Express.Multer.File[],
): Promise<FeedbackItem> {
  const input = parse<FeedbackBody & { rating: number; reasonId: number }>(feedbackSchema, body);
  const reason = await reportsRepo.reason(deps.db, input.reasonId, 'feedback');
  if (!reason) throw fieldError({ reasonId: messages.reportReasonRequired });
  const message = input.message?.trim() ?? '';
  if (reason.needs_text && !message) throw fieldError({ message: feedbackMessages.messageRequired });
  const photos: StoredPhoto[] = [];
  for (const file of filesNamed(files, 'images')) photos.push(await storeImage(deps.storage, file));
  const id = await withTransaction(deps.db, async (trx) => {
    const [inserted] = await trx('feedback').insert({
      user_id: userId,
      rating: input.rating,
      reason_id: input.reasonId,
      message: message || null,
      created_at: new Date(),
    });
    const feedbackId = Number(inserted);
    if (photos.length > 0) {
      await trx('feedback_images').insert(
        photos.map((photo, position) => ({
          feedback_id: feedbackId,
          file_name: photo.file_name,
          width: photo.width,
          height: photo.height,
          position,
        })),
      );
    }
    return feedbackId;
  });
  const [item] = await feedbackViews(deps, [await ownFeedback(deps, userId).where('f.id', id).first()]);
  return item;
}

/** POST /api/user/getfeedback: the user's own feedback, the newest first. */
export async function myFeedback(deps: ApiDeps, userId: number, q: Paging): Promise<FeedbackPage> {
  const { rows, total } = await countedPage<FeedbackRow>(
    ownFeedback(deps, userId),
    [
      { column: 'f.created_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ],
    q,
  );
  return { feedback: await feedbackViews(deps, rows), total, pageNumber: q.pageNumber, perPage: q.perPage };
}

/**
 * GET /api/admin/feedback: everyone's feedback for support, the newest first, each with who sent it (the rating,
 * the reason, the text and the photos as their sender sees them).
 */
export async function feedbackInbox(deps: ApiDeps, q: Paging): Promise<FeedbackInbox> {
  const { rows, total } = await countedPage<FeedbackRow & StaffPartyRow>(
    deps
      .db('feedback as f')
      .join('report_reasons as r', 'r.id', 'f.reason_id')
      .join('users as u', 'u.id', 'f.user_id')
      .select(
        'f.id',
        'f.rating',
        'f.reason_id',
        'r.name as reason_name',
        'f.message',
        'f.created_at',
        'u.id as user_id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.businessName',
      ),
    [
      { column: 'f.created_at', order: 'desc' },
      { column: 'f.id', order: 'desc' },
    ],
    q,
  );
  const views = await feedbackViews(deps, rows);
  return {
    feedback: views.map((view, i) => {
      const u = rows[i];
      return { ...view, user: { id: u.user_id, name: fullNameOf(u), email: u.email } };
    }),
    total,
    pageNumber: q.pageNumber,
    perPage: q.perPage,
  };
}

interface StaffPartyRow {
  user_id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  businessName: string | null;
}

import { messages } from './messages';
import type { FormRules } from './rules';

/** Spec section 5 and 9: feedback photos, and the message's length (ours). */
export const FEEDBACK_LIMITS = { images: 3, imageBytes: 5 * 1024 * 1024, message: 1000 } as const;

/** The feedback form's messages: the spec's rating one, the rest ours (docs/decisions.md, "Feedback"). */
export const feedbackMessages = {
  ratingRequired: 'Please rate your experience.',
  messageRequired: 'Please tell us more in your message',
  messageLength: 'Your message must be at most 1000 characters',
  imagesMax: 'You can attach up to 3 images.',
  imagesFieldOnly: 'Attach photos in the field "images".',
  sent: 'Thank you for your feedback',
} as const;

/** `/api/reasons/3`: what feedback may be about; its last reason (Other) needs a message. */
export const FEEDBACK_REASONS_ID = '3';

/** Spec section 5, Feedback: rating required, reason type required, message required when the reason is Other. */
export const feedbackRules: FormRules = {
  rating: {
    required: true,
    requiredMessage: feedbackMessages.ratingRequired,
    number: { message: feedbackMessages.ratingRequired, min: 1, max: 5 },
  },
  reasonId: {
    required: true,
    requiredMessage: messages.reportReasonRequired,
    number: { message: messages.reportReasonRequired, min: 1 },
  },
  message: { max: FEEDBACK_LIMITS.message, lengthMessage: feedbackMessages.messageLength },
};

export interface FeedbackBody {
  rating: number | string;
  reasonId: number | string;
  message?: string;
}

export interface FeedbackItem {
  id: number;
  rating: number;
  reason: { id: number; name: string };
  message: string | null;
  images: { file_name: string; width: number; height: number }[];
  created_at: string;
}

export interface FeedbackPage {
  feedback: FeedbackItem[];
  total: number;
  pageNumber: number;
  perPage: number;
}

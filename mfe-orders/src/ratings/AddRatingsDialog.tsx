import { useId, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Rate, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { checkField, ratingLabel, ratingRules, RATING_COMMENT } from '@swapstuff/contracts';
import { errorText } from '../shared/format';

/** What Submit hands over: half stars 0.5–5 and the comment, trimmed. */
export interface RatingInput {
  stars: number;
  comments: string;
}

export interface AddRatingsDialogProps {
  open: boolean;
  /** whom the rating is for ("Ada L."), named in the title's line */
  ratedName?: string;
  /** sends the rating; the dialog closes (onClose) once it resolves, and shows its error otherwise */
  onSubmit(rating: RatingInput): Promise<void>;
  onClose(): void;
}

/**
 * The comment is checked trimmed (contracts: "10 to 500 characters after trimming"): ten spaces and a
 * letter are not a review.
 */
const commentError = (value: unknown) => checkField(ratingRules.comments, String(value ?? '').trim());
const commentRules: Rule[] = [
  {
    required: true,
    validator: async (_rule, value) => {
      const message = commentError(value);
      if (message) throw new Error(message);
    },
  },
];

/**
 * The Add Ratings dialog (spec sections 2 and 5): stars in half steps from 0.5 to 5, labelled beside them
 * (Useless … Excellent, with a + on whole stars), and a comment. Submit stays disabled at 0 stars, and
 * while the comment is untouched or invalid.
 */
export function AddRatingsDialog({ open, ratedName, onSubmit, onClose }: AddRatingsDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title="Add Ratings"
      onCancel={busy ? undefined : onClose}
      footer={null}
      destroyOnHidden
      width={480}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
    >
      {/* mounted per opening: each one starts at 0 stars and an untouched comment */}
      {open && <RatingForm ratedName={ratedName} onSubmit={onSubmit} onClose={onClose} onBusy={setBusy} />}
    </Modal>
  );
}

/** antd's Rate types no role, which rc-rate hands to its list (pickAttrs) all the same. */
const SLIDER: object = { role: 'slider' };

interface RatingValues {
  stars: number;
  comments: string;
}

function RatingForm({
  ratedName,
  onSubmit,
  onClose,
  onBusy,
}: Omit<AddRatingsDialogProps, 'open'> & { onBusy(busy: boolean): void }) {
  const [form] = Form.useForm<RatingValues>();
  const starsLabelId = useId();
  const stars = Form.useWatch('stars', form) ?? 0;
  const comments = Form.useWatch('comments', form) ?? '';
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = ratingLabel(stars);
  const canSubmit = stars > 0 && touched && commentError(comments) === null;

  const submit = async (values: RatingValues) => {
    if (sending || !canSubmit) return;
    setError(null);
    setSending(true);
    onBusy(true);
    try {
      await onSubmit({ stars: values.stars, comments: values.comments.trim() });
      onBusy(false);
      onClose();
    } catch (err) {
      setError(errorText(err));
      setSending(false);
      onBusy(false);
    }
  };

  return (
    <Form<RatingValues>
      form={form}
      name="add-ratings"
      layout="vertical"
      initialValues={{ stars: 0, comments: '' }}
      onFinish={(values) => void submit(values)}
      onValuesChange={(changed: Partial<RatingValues>) => {
        if ('comments' in changed) setTouched(true);
      }}
      disabled={sending}
      requiredMark={false}
    >
      {ratedName && (
        <Typography.Paragraph type="secondary">How was your experience with {ratedName}?</Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label={<span id={starsLabelId}>Your rating</span>} style={{ marginBottom: 16 }}>
        <Flex align="center" gap={12} wrap>
          <Form.Item name="stars" noStyle>
            <Rate
              allowHalf
              allowClear={false}
              // a slider to assistive technology: its stars are one control, moved with the arrow keys
              {...SLIDER}
              aria-labelledby={starsLabelId}
              aria-valuemin={0}
              aria-valuemax={5}
              aria-valuenow={stars}
              aria-valuetext={stars > 0 ? `${stars} of 5 stars, ${label}` : 'No stars'}
              style={{ fontSize: 28 }}
            />
          </Form.Item>
          <Typography.Text strong aria-hidden data-testid="rating-label" style={{ minWidth: 80 }}>
            {label}
          </Typography.Text>
        </Flex>
      </Form.Item>
      <Form.Item
        label="Comments"
        name="comments"
        rules={commentRules}
        validateTrigger={['onChange', 'onBlur']}
        extra={`${RATING_COMMENT.min} to ${RATING_COMMENT.max} characters.`}
      >
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          maxLength={RATING_COMMENT.max}
          showCount
          placeholder="What went well, what could be better?"
        />
      </Form.Item>
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose} disabled={sending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={sending} disabled={!canSubmit}>
          Submit
        </Button>
      </Flex>
    </Form>
  );
}

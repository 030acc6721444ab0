import { useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, List, Radio, Skeleton, Typography } from 'antd';
import StarFilled from '@ant-design/icons/StarFilled';
import { FEEDBACK_LIMITS, feedbackMessages, feedbackRules, messages, type FeedbackItem } from '@swapstuff/contracts';
import { ApiError, formRules, toast } from '@swapstuff/sdk';
import { EmptyState, LoadError, LocalDateTime, PageFrame, srOnly } from '@swapstuff/sdk/ui';
import { useFeedbackReasons, useMyFeedback, useSendFeedback } from './api';
import { FeedbackPhotos } from './FeedbackPhotos';

const rules = formRules(feedbackRules);
const FIELDS = ['rating', 'reasonId', 'message'] as const;
const RATING_WORDS = ['', 'Very bad', 'Bad', 'Okay', 'Good', 'Excellent'];
const STARS = [1, 2, 3, 4, 5];
const STAR_GOLD = '#d4a106';

interface Values {
  rating: number;
  reasonId?: number;
  message?: string;
}

/** The form: the rating, what it is about, a message (needed for Other), up to 3 photos; all kept on a refusal. */
function FeedbackForm() {
  const [form] = Form.useForm<Values>();
  const reasons = useFeedbackReasons();
  const send = useSendFeedback();
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const rating = Form.useWatch('rating', form) ?? 0;
  const reasonId = Form.useWatch('reasonId', form);
  const other = reasons.data?.at(-1);
  const needsMessage = other !== undefined && reasonId === other.id;

  const submit = async (values: Values) => {
    setError(null);
    try {
      await send.mutateAsync({
        rating: values.rating,
        reasonId: values.reasonId!,
        message: values.message?.trim() ?? '',
        ...(photos.length > 0 ? { images: photos } : {}),
      });
      toast.success(feedbackMessages.sent);
      form.resetFields();
      setPhotos([]);
    } catch (err) {
      if (!(err instanceof ApiError)) return setError(messages.genericError);
      const onFields = FIELDS.filter((name) => err.fieldErrors[name]);
      if (onFields.length > 0) form.setFields(onFields.map((name) => ({ name, errors: [err.fieldErrors[name]] })));
      else setError(err.message);
    }
  };

  if (reasons.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (reasons.isError) {
    return (
      <LoadError
        title="The feedback form could not be loaded"
        message={reasons.error.message}
        onRetry={() => void reasons.refetch()}
        retrying={reasons.isFetching}
      />
    );
  }
  return (
    <Form<Values> form={form} name="feedback" layout="vertical" initialValues={{ rating: 0 }} onFinish={submit}>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form.Item label="How was your experience?" name="rating" rules={rules.rating}>
        <Radio.Group
          optionType="button"
          options={STARS.map((n) => ({
            value: n,
            label: (
              <>
                <StarFilled aria-hidden style={{ color: n <= rating ? STAR_GOLD : undefined }} /> {n}
                <span style={srOnly}> of 5 stars, {RATING_WORDS[n]}</span>
              </>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item label="What is it about?" name="reasonId" rules={rules.reasonId}>
        <Radio.Group
          options={reasons.data.map((reason) => ({ value: reason.id, label: reason.name }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </Form.Item>
      <Form.Item
        label="Message"
        name="message"
        required={needsMessage}
        dependencies={['reasonId']}
        rules={[
          ...rules.message,
          {
            validator: async (_rule, value?: string) => {
              if (needsMessage && !value?.trim()) throw new Error(feedbackMessages.messageRequired);
            },
          },
        ]}
      >
        <Input.TextArea rows={4} maxLength={FEEDBACK_LIMITS.message} showCount placeholder="Tell us more" />
      </Form.Item>
      <FeedbackPhotos value={photos} onChange={setPhotos} disabled={send.isPending} />
      <Button type="primary" htmlType="submit" loading={send.isPending}>
        Send
      </Button>
    </Form>
  );
}

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  return (
    <List.Item>
      <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
        <Flex justify="space-between" wrap gap={8}>
          <Typography.Text strong>{item.reason.name}</Typography.Text>
          <Typography.Text type="secondary">
            <LocalDateTime value={item.created_at} />
          </Typography.Text>
        </Flex>
        <span>
          {item.rating} of 5 stars, {RATING_WORDS[item.rating]}
        </span>
        {item.message && <Typography.Paragraph style={{ margin: 0 }}>{item.message}</Typography.Paragraph>}
        {item.images.length > 0 && (
          <Flex gap={8} wrap>
            {item.images.map((image, i) => (
              <img
                key={image.file_name}
                src={image.file_name}
                alt={`Photo ${i + 1} of your feedback`}
                width={64}
                height={64}
                style={{ objectFit: 'cover', borderRadius: 8 }}
              />
            ))}
          </Flex>
        )}
      </Flex>
    </List.Item>
  );
}

/** What the user sent before, the newest first. */
function FeedbackHistory() {
  const [page, setPage] = useState(1);
  const mine = useMyFeedback(page, 10);
  if (mine.isPending) return <Skeleton active />;
  if (mine.isError) {
    return (
      <LoadError
        title="Your feedback could not be loaded"
        message={mine.error.message}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  }
  if (mine.data.total === 0) return <EmptyState description="Nothing sent yet." />;
  return (
    <List
      dataSource={mine.data.feedback}
      rowKey="id"
      renderItem={(item) => <FeedbackEntry item={item} />}
      pagination={
        mine.data.total > mine.data.perPage
          ? { current: page, pageSize: mine.data.perPage, total: mine.data.total, onChange: setPage }
          : false
      }
    />
  );
}

/** /feedback (spec sections 2 and 5): tell us how it went, then what was sent before. */
export function FeedbackPage() {
  return (
    <PageFrame title="Feedback">
      <Flex vertical gap={24} style={{ maxWidth: 720 }}>
        <Card>
          <FeedbackForm />
        </Card>
        <Card title="Your previous feedback">
          <FeedbackHistory />
        </Card>
      </Flex>
    </PageFrame>
  );
}

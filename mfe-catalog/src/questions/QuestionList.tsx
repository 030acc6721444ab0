import { useState } from 'react';
import { Avatar, Button, Form, Input, Skeleton, Typography } from 'antd';
import { answerRules, endpoints, formatDate, messages, sellerName, type Question } from '@swapstuff/contracts';
import { api, formRules, type ApiData } from '@swapstuff/sdk';
import { LoadError } from '@swapstuff/sdk/ui';
import styles from './QuestionList.module.css';

const rules = formRules(answerRules);
const ANSWER_MAX = answerRules.answer.max ?? 255;

/** The owner's reply box under a question: Answer, or Edit Answer once there is one. */
function AnswerForm({ question, onAnswered }: { question: Question; onAnswered: (q: Question) => void }) {
  const [form] = Form.useForm<{ answer: string }>();
  const [open, setOpen] = useState(!question.answer);
  const [sending, setSending] = useState(false);

  if (!open) {
    return (
      <Button size="small" type="link" className={styles.editAnswer} onClick={() => setOpen(true)}>
        Edit Answer
      </Button>
    );
  }
  const send = async ({ answer }: { answer: string }) => {
    setSending(true);
    try {
      const content = await api.call(
        endpoints.answerQuestion,
        { questionId: question.id, answer },
        { toastOnError: true },
      );
      onAnswered(content.question);
      setOpen(false);
    } catch {
      // the api client showed the server's words; the typed answer stays
    } finally {
      setSending(false);
    }
  };
  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.answerForm}
      initialValues={{ answer: question.answer ?? '' }}
      onFinish={send}
    >
      <Form.Item name="answer" label="Your answer" rules={rules.answer}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={ANSWER_MAX} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending}>
        Answer
      </Button>
      {question.answer && (
        <Button type="text" onClick={() => setOpen(false)} disabled={sending}>
          Cancel
        </Button>
      )}
    </Form>
  );
}

export interface QuestionListProps {
  questions: ApiData<Question[]>;
  /** the viewer owns the listing: they answer (spec section 6: only the owner answers) */
  isOwner: boolean;
}

/** Spec section 2, question list: No Questions Yet when empty; answers are labelled Author. */
export function QuestionList({ questions, isOwner }: QuestionListProps) {
  if (questions.status === 'loading') {
    return (
      <div role="status" aria-busy="true" aria-label="Loading questions">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (questions.status === 'error') {
    return <LoadError title="Questions could not be loaded" message={questions.message} onRetry={questions.reload} />;
  }
  if (questions.data.length === 0) {
    return (
      <Typography.Paragraph type="secondary" className={styles.empty} role="status">
        {messages.noQuestionsYet}
      </Typography.Paragraph>
    );
  }
  const replace = (answered: Question) =>
    questions.update((list) => list.map((q) => (q.id === answered.id ? answered : q)));

  return (
    <ol className={styles.list} aria-label="Questions">
      {questions.data.map((q) => (
        <li key={q.id} className={styles.item}>
          <div className={styles.question}>
            <Avatar src={q.user.avatar || undefined} size={32} aria-hidden>
              {q.user.first_name.charAt(0).toUpperCase()}
            </Avatar>
            <div className={styles.text}>
              <div className={styles.meta}>
                <strong>{sellerName({ ...q.user, businessName: null })}</strong>
                <time dateTime={q.created_at}>{formatDate(q.created_at)}</time>
              </div>
              <p className={styles.body}>{q.question}</p>
            </div>
          </div>
          {q.answer && (
            <div className={styles.answer}>
              <span className={styles.author}>Author</span>
              <p className={styles.body}>{q.answer}</p>
            </div>
          )}
          {isOwner && <AnswerForm question={q} onAnswered={replace} />}
        </li>
      ))}
    </ol>
  );
}

import { useState } from 'react';
import { Avatar, Button, Form, Input, Skeleton, Typography } from 'antd';
import { answerRules, formatDate, messages, sellerName, type Question } from '@swapstuff/contracts';
import { formRules } from '@swapstuff/sdk';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { LoadError } from '@swapstuff/sdk/ui';
import { useAnswerQuestion } from './api';
import styles from './QuestionList.module.css';

const rules = formRules(answerRules);
const ANSWER_MAX = answerRules.answer.max ?? 255;

/** The owner's reply box under a question: Answer, or Edit Answer once there is one. */
function AnswerForm({ question }: { question: Question }) {
  const [form] = Form.useForm<{ answer: string }>();
  const [open, setOpen] = useState(!question.answer);
  const answerQuestion = useAnswerQuestion();

  if (!open) {
    return (
      <Button size="small" type="link" className={styles.editAnswer} onClick={() => setOpen(true)}>
        Edit Answer
      </Button>
    );
  }
  const send = async ({ answer }: { answer: string }) => {
    try {
      await answerQuestion.mutateAsync({ questionId: question.id, answer });
      setOpen(false);
    } catch {
      // the server's words were toasted; the typed answer stays
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
      <Button type="primary" htmlType="submit" loading={answerQuestion.isPending}>
        Answer
      </Button>
      {question.answer && (
        <Button type="text" onClick={() => setOpen(false)} disabled={answerQuestion.isPending}>
          Cancel
        </Button>
      )}
    </Form>
  );
}

export interface QuestionListProps {
  questions: ApiQuery<Question[]>;
  /** the viewer owns the listing: they answer (spec section 6: only the owner answers) */
  isOwner: boolean;
}

/** Spec section 2, question list: No Questions Yet when empty; answers are labelled Author. */
export function QuestionList({ questions, isOwner }: QuestionListProps) {
  if (questions.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading questions">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  }
  if (questions.isLoadingError) {
    return (
      <LoadError
        title="Questions could not be loaded"
        message={questions.error.message}
        onRetry={() => void questions.refetch()}
        retrying={questions.isFetching}
      />
    );
  }
  if (questions.data.length === 0) {
    return (
      <Typography.Paragraph type="secondary" className={styles.empty} role="status">
        {messages.noQuestionsYet}
      </Typography.Paragraph>
    );
  }
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
          {isOwner && <AnswerForm question={q} />}
        </li>
      ))}
    </ol>
  );
}

import { Suspense, lazy } from 'react';
import { Avatar, Skeleton, Typography } from 'antd';
import { messages, sellerName, type Question } from '@swapstuff/contracts';
import type { ApiQuery } from '@swapstuff/sdk/query';
import { LoadError, LocalDateTime } from '@swapstuff/sdk/ui';
import styles from './QuestionList.module.css';

// the owner's reply box (a form) loads only for the owner
const AnswerForm = lazy(() => import('./AnswerForm').then((m) => ({ default: m.AnswerForm })));

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
                <LocalDateTime value={q.created_at} />
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
          {isOwner && (
            <Suspense fallback={null}>
              <AnswerForm question={q} />
            </Suspense>
          )}
        </li>
      ))}
    </ol>
  );
}

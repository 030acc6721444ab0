import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { answerRules, type Question } from '@swapstuff/contracts';
import { formRules } from '@swapstuff/sdk';
import { useAnswerQuestion } from './api';
import styles from './QuestionList.module.css';

const rules = formRules(answerRules);
const ANSWER_MAX = answerRules.answer.max ?? 255;

/** The owner's reply box under a question: Answer, or Edit Answer once there is one. */
export function AnswerForm({ question }: { question: Question }) {
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

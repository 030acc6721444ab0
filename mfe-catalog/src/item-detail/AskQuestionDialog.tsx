import { Form, Input, Modal } from 'antd';
import { listingPriceInFull, messages, questionRules, type Product } from '@swapstuff/contracts';
import { ApiError, formRules, toast } from '@swapstuff/sdk';
import { FallbackImage } from '@swapstuff/sdk/ui';
import { useAskQuestion } from '../questions/api';
import styles from './ItemDetailPage.module.css';

const rules = formRules(questionRules);

export interface AskQuestionDialogProps {
  product: Product;
  /** after Cancel, or once the question is posted (the listing's questions are then read again) */
  onClose: () => void;
}

/** Spec section 2, Ask Questions dialog: the product's summary, the question, Send. */
export function AskQuestionDialog({ product, onClose }: AskQuestionDialogProps) {
  const [form] = Form.useForm<{ question: string }>();
  const ask = useAskQuestion();
  const photo = product.images[0];

  const send = async ({ question }: { question: string }) => {
    try {
      await ask.mutateAsync({ productId: product.id, question });
      toast.success(messages.questionPosted);
      onClose();
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      const message = apiError?.fieldErrors.question;
      if (message) form.setFields([{ name: 'question', errors: [message] }]);
      else toast.error(apiError?.message ?? messages.genericError);
    }
  };

  return (
    <Modal
      open
      title="Ask Questions"
      okText="Send"
      onOk={() => form.submit()}
      okButtonProps={{ loading: ask.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className={styles.summary}>
        <FallbackImage
          src={photo?.file_name}
          variants={photo?.variants}
          sizes="64px"
          width={64}
          height={64}
          className={styles.summaryPhoto}
        />
        <div>
          <div className={styles.summaryTitle}>{product.title}</div>
          <div className={styles.summaryPrice}>{listingPriceInFull(product)}</div>
        </div>
      </div>
      <Form form={form} layout="vertical" onFinish={send} name="ask-question">
        <Form.Item name="question" label="Your question" rules={rules.question}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={questionRules.question.max} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

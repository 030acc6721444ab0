import { Modal } from 'antd';
import type { Product } from '@swapstuff/contracts';
import { QuestionList } from './QuestionList';
import { useQuestions } from './api';

/** My Listings' View Questions (spec section 2): the listing's questions, which its owner answers here. */
export function QuestionsModal({ product, onClose }: { product: Pick<Product, 'id' | 'title'>; onClose: () => void }) {
  const questions = useQuestions(product.id);
  return (
    <Modal open title={`Questions · ${product.title}`} onCancel={onClose} footer={null} width={640}>
      <QuestionList questions={questions} isOwner />
    </Modal>
  );
}

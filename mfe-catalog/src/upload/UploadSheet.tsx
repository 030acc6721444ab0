import { useState } from 'react';
import { Drawer, Modal } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages, routes, type Product } from '@swapstuff/contracts';
import { CategoryStep, type PickedCategory } from './CategoryStep';
import { ListingForm } from './ListingForm';
import styles from './UploadSheet.module.css';

export interface UploadSheetProps {
  /** the listing to edit (spec: edit mode when existing listing data is supplied) */
  product?: Product;
  /** the listing a swap is being offered for: the result's OK opens its swap screen */
  swapFor?: number;
  onClose: () => void;
}

type Result = { ok: boolean; message: string };

/**
 * The upload flow (spec section 2): a full-height sheet with the category step, then the listing form,
 * then the result dialog. Editing starts at the form, the listing's category picked.
 */
export default function UploadSheet({ product, swapFor, onClose }: UploadSheetProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [category, setCategory] = useState<PickedCategory | null>(product ? product.category : null);
  const [step, setStep] = useState<'category' | 'form'>(product ? 'form' : 'category');
  const [result, setResult] = useState<Result | null>(null);

  // spec section 4: OK goes to the pending swap, reloads My Listings, or goes home. The save has the
  // listing views read again, so My Listings shows the listing without a page load
  const afterSuccess = () => {
    onClose();
    if (swapFor) navigate(routes.swapstuff(swapFor));
    else if (pathname !== routes.myListings) navigate(routes.home);
  };

  return (
    <Drawer
      open
      placement="bottom"
      size="100%"
      title={product ? 'Edit Product' : 'Upload Product'}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <div className={styles.body}>
        {step === 'category' || !category ? (
          <CategoryStep
            picked={category}
            onCancel={onClose}
            onContinue={(picked) => {
              setCategory(picked);
              setStep('form');
            }}
          />
        ) : (
          <ListingForm
            category={category}
            product={product}
            onChangeCategory={() => setStep('category')}
            onBack={() => (product ? onClose() : setStep('category'))}
            onDone={setResult}
          />
        )}
      </div>
      <Modal
        open={result !== null}
        title={result?.ok ? messages.uploadSuccessFallback : messages.uploadErrorTitle}
        onOk={() => (result?.ok ? afterSuccess() : setResult(null))}
        onCancel={() => (result?.ok ? afterSuccess() : setResult(null))}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="OK"
      >
        {result?.message}
      </Modal>
    </Drawer>
  );
}

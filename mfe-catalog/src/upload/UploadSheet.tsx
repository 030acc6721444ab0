import { useState } from 'react';
import { Drawer, Form, Modal } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages, routes, type Product } from '@swapstuff/contracts';
import { CategoryStep, type PickedCategory } from './CategoryStep';
import { ListingForm, type ListingValues } from './ListingForm';
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
  // the form's values live here, not in the form step: going back to the category and on again keeps
  // the draft (antd keeps a form's values while its fields are away)
  const [form] = Form.useForm<ListingValues>();
  const [changed, setChanged] = useState(false);
  const [askingToDiscard, setAskingToDiscard] = useState(false);

  /** Leaving with changes the user made asks first: nothing typed is lost by a stray Back or Escape. */
  const leave = () => (changed ? setAskingToDiscard(true) : onClose());

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
      onClose={leave}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
    >
      <div className={styles.body}>
        {step === 'category' || !category ? (
          <CategoryStep
            picked={category}
            onCancel={leave}
            onContinue={(picked) => {
              setCategory(picked);
              setStep('form');
            }}
          />
        ) : (
          <ListingForm
            form={form}
            category={category}
            product={product}
            onChangeCategory={() => setStep('category')}
            onBack={() => (product ? leave() : setStep('category'))}
            onChange={() => setChanged(true)}
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
      <Modal
        open={askingToDiscard}
        title="Discard your changes?"
        okText="Discard"
        okButtonProps={{ danger: true }}
        cancelText="Keep editing"
        onOk={onClose}
        onCancel={() => setAskingToDiscard(false)}
      >
        {product ? 'Your changes to this listing will be lost.' : 'What you entered for this listing will be lost.'}
      </Modal>
    </Drawer>
  );
}

import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { endpoints, messages, type Product } from '@swapstuff/contracts';
import { api, toast } from '@swapstuff/sdk';

export interface DeleteListingButtonProps {
  product: Pick<Product, 'id' | 'title'>;
  size?: 'small' | 'large';
  /** after the api has deleted the listing */
  onDeleted: () => void;
}

/** The owner's Delete, confirmed first (spec section 4: only while Active; the api refuses otherwise). */
export function DeleteListingButton({ product, size, onDeleted }: DeleteListingButtonProps) {
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    setDeleting(true);
    try {
      await api.call(endpoints.deleteListing, { id: product.id }, { toastOnError: true });
      toast.success(messages.productDeleted);
      onDeleted();
    } catch {
      setDeleting(false); // the api client showed why
    }
  };
  return (
    <Popconfirm
      title="Delete this listing?"
      description={product.title}
      okText="Delete"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={remove}
    >
      <Button size={size} danger loading={deleting}>
        Delete
      </Button>
    </Popconfirm>
  );
}

import { Button, Popconfirm } from 'antd';
import { messages, type Product } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { useDeleteListing } from './api';

export interface DeleteListingButtonProps {
  product: Pick<Product, 'id' | 'title'>;
  size?: 'small' | 'large';
  /** after the api has deleted the listing (the lists that showed it are read again anyway) */
  onDeleted?: () => void;
}

/** The owner's Delete, confirmed first (spec section 4: only while Active; the api refuses otherwise). */
export function DeleteListingButton({ product, size, onDeleted }: DeleteListingButtonProps) {
  const remove = useDeleteListing();
  const confirm = async () => {
    try {
      await remove.mutateAsync({ id: product.id });
      toast.success(messages.productDeleted);
      onDeleted?.();
    } catch {
      // the api's words were toasted
    }
  };
  return (
    <Popconfirm
      title="Delete this listing?"
      description={product.title}
      okText="Delete"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onConfirm={confirm}
    >
      <Button size={size} danger loading={remove.isPending}>
        Delete
      </Button>
    </Popconfirm>
  );
}

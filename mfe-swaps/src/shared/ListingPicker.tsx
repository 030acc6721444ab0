import { useState } from 'react';
import { Button, Flex, Modal, Skeleton, Typography } from 'antd';
import { MAX_SWAP_ITEMS, swapMessages } from '@swapstuff/contracts';
import { LoadError, srOnly } from '@swapstuff/sdk/ui';
import type { SwapItem } from './items';
import { ProductGrid } from './ProductGrid';

export interface ListingPickerProps {
  open: boolean;
  /** the listings to pick from; undefined while they load */
  items: SwapItem[] | undefined;
  loading: boolean;
  /** why they could not be loaded, with a Retry */
  error?: { message: string; retry(): void; retrying: boolean };
  /** picked when the modal opens */
  selected: number[];
  onOk(items: SwapItem[]): void;
  onCancel(): void;
  /** what the grid is, for a screen reader */
  label?: string;
  /** with no listing to pick: a way to list one (the upload sheet) */
  onListItem?(): void;
}

/**
 * The "Select the product" modal (spec section 2's select-product modal): a grid of listings to offer, up to
 * MAX_SWAP_ITEMS; OK is disabled until at least one is picked.
 */
export function ListingPicker(props: ListingPickerProps) {
  return (
    <Modal
      open={props.open}
      title="Select the product"
      onCancel={props.onCancel}
      footer={null}
      destroyOnHidden
      width={720}
    >
      {/* mounted per opening: each one starts from what is chosen now */}
      {props.open && <PickerBody {...props} />}
    </Modal>
  );
}

function PickerBody({ items, loading, error, selected, onOk, onCancel, label, onListItem }: ListingPickerProps) {
  const [picked, setPicked] = useState<number[]>(() => selected);
  const toggle = (id: number) => setPicked((was) => (was.includes(id) ? was.filter((p) => p !== id) : [...was, id]));
  // a listing no longer in the list (sold, withdrawn meanwhile) is not picked
  const chosen = items?.filter((item) => picked.includes(item.id)) ?? [];

  let body;
  if (loading) {
    body = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading your listings…</span>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (error) {
    body = (
      <LoadError
        title="Your listings could not be loaded"
        message={error.message}
        onRetry={error.retry}
        retrying={error.retrying}
      />
    );
  } else if (!items || items.length === 0) {
    body = (
      <Flex vertical gap={8} align="start" role="status">
        <Typography.Text>You have no active listings to offer.</Typography.Text>
        {onListItem && <Button onClick={onListItem}>List an item</Button>}
      </Flex>
    );
  } else {
    body = (
      <ProductGrid
        items={items}
        selected={chosen.map((item) => item.id)}
        onToggle={toggle}
        label={label ?? 'Your active listings'}
      />
    );
  }

  const full = chosen.length >= MAX_SWAP_ITEMS;
  return (
    <>
      <div style={{ maxHeight: '60vh', overflowY: 'auto', padding: 4 }}>{body}</div>
      <Flex justify="end" align="center" gap={8} wrap style={{ marginTop: 16 }}>
        <Typography.Text type="secondary" aria-live="polite" style={{ marginRight: 'auto' }}>
          {full
            ? swapMessages.tooManyItems
            : chosen.length === 0
              ? swapMessages.selectProduct
              : `${chosen.length} of ${MAX_SWAP_ITEMS} selected`}
        </Typography.Text>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="primary" disabled={chosen.length === 0} onClick={() => onOk(chosen)}>
          OK
        </Button>
      </Flex>
    </>
  );
}

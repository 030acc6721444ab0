import { useState } from 'react';
import { Button, Card, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { messages, type Address } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { BRAND, EmptyState, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import AddressModal from './AddressModal';
import { useAddresses, useDeleteAddress, useMakeDefaultAddress } from './api';
import { sameSitePath } from './redirect';

/** What the modal is open for: nothing, a new address, or one to edit. */
type Editing = { open: false } | { open: true; address?: Address };

function AddressCard({
  address,
  busy,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  address: Address;
  busy: boolean;
  onEdit(): void;
  onMakeDefault(): void;
  onDelete(): void;
}) {
  const isDefault = address.featured === 1;
  const lines = [address.street_1, address.street_2, `${address.city}, ${address.state} ${address.zip}`];
  return (
    <Card size="small" aria-label={address.formatted_street_1}>
      <Flex justify="space-between" align="start" gap={8} wrap>
        <address style={{ fontStyle: 'normal', minWidth: 0, overflowWrap: 'anywhere' }}>
          {lines.filter(Boolean).map((line) => (
            <div key={line}>{line}</div>
          ))}
          <Typography.Text type="secondary">{address.country}</Typography.Text>
        </address>
        {isDefault && <Tag color={BRAND}>Default</Tag>}
      </Flex>
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button size="small" onClick={onEdit} disabled={busy}>
          Edit
        </Button>
        {!isDefault && (
          <Button size="small" onClick={onMakeDefault} loading={busy}>
            Make Default
          </Button>
        )}
        <Popconfirm
          title="Delete this address?"
          description={address.formatted_street_1}
          okText="Delete"
          okButtonProps={{ danger: true }}
          cancelText="Cancel"
          onConfirm={onDelete}
        >
          <Button size="small" danger disabled={busy}>
            Delete
          </Button>
        </Popconfirm>
      </Flex>
    </Card>
  );
}

/**
 * /address (spec sections 2, 3 and 4): the user's addresses, the default first, with Add Address,
 * Edit, Make Default and Delete. Opened with `?redirect=<path>` (a swap that needs an address), a
 * successful add goes back to that page.
 */
export function AddressPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = sameSitePath(params.get('redirect'));
  const book = useAddresses();
  const [editing, setEditing] = useState<Editing>({ open: false });
  const makeDefault = useMakeDefaultAddress();
  const remove = useDeleteAddress();
  const busyId = [makeDefault, remove].find((change) => change.isPending)?.variables?.addressId;

  /** Make Default or Delete; the book shows what the api answers (a refusal is toasted). */
  const change = async (mutation: typeof makeDefault, id: number, done: string) => {
    try {
      await mutation.mutateAsync({ addressId: id });
      toast.success(done);
    } catch {
      // the api's words were toasted; the book stays as it was
    }
  };

  // the saved address shows as the book is read again; a first address may send the user back
  const saved = () => {
    const added = editing.open && !editing.address;
    setEditing({ open: false });
    if (added && redirect) navigate(redirect);
  };

  const openAdd = () => setEditing({ open: true });
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
      Add Address
    </Button>
  );

  let content;
  if (book.isPending) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading addresses">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (book.isLoadingError) {
    content = (
      <LoadError
        title={messages.addressesLoadFailed}
        message={book.error.message}
        onRetry={() => void book.refetch()}
        retrying={book.isFetching}
      />
    );
  } else if (book.data.length === 0) {
    content = <EmptyState title={messages.noRecordFound} action={addButton} />;
  } else {
    content = (
      // cards side by side across the page's width, one column on a phone
      <div
        role="list"
        aria-label="Your addresses"
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))', gap: 12 }}
      >
        {book.data.map((address) => (
          <div role="listitem" key={address.id}>
            <AddressCard
              address={address}
              busy={busyId === address.id}
              onEdit={() => setEditing({ open: true, address })}
              onMakeDefault={() => void change(makeDefault, address.id, messages.addressDefault)}
              onDelete={() => void change(remove, address.id, messages.addressDeleted)}
            />
          </div>
        ))}
      </div>
    );
  }

  return (
    <PageFrame title="Address" extra={book.data?.length ? addButton : undefined}>
      {content}
      <AddressModal
        open={editing.open}
        address={editing.open ? editing.address : undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={saved}
      />
    </PageFrame>
  );
}

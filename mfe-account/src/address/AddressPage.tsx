import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Flex, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { endpoints, messages, type Address } from '@swapstuff/contracts';
import { api, ApiError, toast } from '@swapstuff/sdk';
import { AddressModal, EmptyState, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { sameSitePath } from './redirect';

type ListState =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; addresses: Address[] };

/** What the modal is open for: nothing, a new address, or one to edit. */
type Editing = { open: false } | { open: true; address?: Address };

const descriptionOf = (err: unknown) =>
  err instanceof ApiError && err.envelope?.Description ? err.envelope.Description : messages.genericError;

/** The api lists the default first; kept so here too whatever order a caller hands in. */
const defaultFirst = (addresses: Address[]) => [...addresses].sort((a, b) => b.featured - a.featured);

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
        {isDefault && <Tag color="green">Default</Tag>}
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
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [editing, setEditing] = useState<Editing>({ open: false });
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setList({ status: 'loading' });
    try {
      const { address } = await api.call(endpoints.addresses);
      setList({ status: 'ready', addresses: defaultFirst(address) });
    } catch (err) {
      if (!quiet) setList({ status: 'error', message: descriptionOf(err) });
      else toast.error(descriptionOf(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Make Default and Delete answer with the whole list as it now is. */
  const change = async (
    id: number,
    endpoint: typeof endpoints.defaultAddress | typeof endpoints.deleteAddress,
    done: string,
  ) => {
    setBusyId(id);
    try {
      const { address } = await api.call(endpoint, { addressId: id });
      setList({ status: 'ready', addresses: defaultFirst(address) });
      toast.success(done);
    } catch (err) {
      toast.error(descriptionOf(err));
    } finally {
      setBusyId(null);
    }
  };

  const saved = () => {
    const added = editing.open && !editing.address;
    setEditing({ open: false });
    if (added && redirect) {
      navigate(redirect);
      return;
    }
    void load(true);
  };

  const openAdd = () => setEditing({ open: true });
  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={openAdd}>
      Add Address
    </Button>
  );

  let content;
  if (list.status === 'loading') {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading addresses">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (list.status === 'error') {
    content = <LoadError title={messages.addressesLoadFailed} message={list.message} onRetry={() => void load()} />;
  } else if (list.addresses.length === 0) {
    content = <EmptyState title={messages.noRecordFound} action={addButton} />;
  } else {
    content = (
      <Flex vertical gap={12} role="list" aria-label="Your addresses">
        {list.addresses.map((address) => (
          <div role="listitem" key={address.id}>
            <AddressCard
              address={address}
              busy={busyId === address.id}
              onEdit={() => setEditing({ open: true, address })}
              onMakeDefault={() => void change(address.id, endpoints.defaultAddress, messages.addressDefault)}
              onDelete={() => void change(address.id, endpoints.deleteAddress, messages.addressDeleted)}
            />
          </div>
        ))}
      </Flex>
    );
  }

  return (
    <PageFrame title="Address" extra={list.status === 'ready' && list.addresses.length > 0 ? addButton : undefined}>
      <div style={{ maxWidth: 720 }}>{content}</div>
      <AddressModal
        open={editing.open}
        address={editing.open ? editing.address : undefined}
        onClose={() => setEditing({ open: false })}
        onSaved={saved}
      />
    </PageFrame>
  );
}

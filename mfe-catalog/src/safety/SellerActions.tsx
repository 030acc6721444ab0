import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dropdown } from 'antd';
import MoreOutlined from '@ant-design/icons/MoreOutlined';
import { messages, routes, safetyMessages } from '@swapstuff/contracts';
import { ApiError, bus, toast, useIsSignedIn } from '@swapstuff/sdk';
import { BlockUserDialog } from '@swapstuff/sdk/ui';
import { useBlockUser } from './api';

const ReportDialog = lazy(() => import('./ReportDialog').then((m) => ({ default: m.ReportDialog })));

/**
 * Spec section 2, the Report User / Block User action menu of a seller card. A visitor is asked to log in
 * first. Blocking asks once, then goes home: the seller's listings are gone from what the viewer sees.
 */
export function SellerActions({ userId, name }: { userId: number; name: string }) {
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const block = useBlockUser();
  const [reporting, setReporting] = useState(false);
  const [blocking, setBlocking] = useState(false);

  const whenSignedIn = (open: () => void) => (signedIn ? open() : bus.emit('login:open', {}));

  const confirmBlock = async () => {
    try {
      await block.mutateAsync({ userId });
      setBlocking(false);
      toast.success(safetyMessages.blocked);
      navigate(routes.home);
    } catch (err) {
      setBlocking(false);
      toast.error(err instanceof ApiError ? err.message : messages.genericError);
    }
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'report', label: 'Report User' },
            { key: 'block', label: 'Block User', danger: true },
          ],
          onClick: ({ key }) => whenSignedIn(() => (key === 'report' ? setReporting(true) : setBlocking(true))),
        }}
      >
        <Button type="text" icon={<MoreOutlined aria-hidden />} aria-label={`More actions for ${name}`} />
      </Dropdown>
      {blocking && (
        <Suspense fallback={null}>
          <BlockUserDialog
            name={name}
            open
            blocking={block.isPending}
            onBlock={() => void confirmBlock()}
            onCancel={() => setBlocking(false)}
          />
        </Suspense>
      )}
      <Suspense fallback={null}>
        {reporting && <ReportDialog subject={{ userId }} onClose={() => setReporting(false)} />}
      </Suspense>
    </>
  );
}

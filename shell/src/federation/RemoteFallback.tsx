import { createContext, useContext } from 'react';
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

/** What a fallback needs to offer Retry: which remote failed and how to load it again. */
export interface RemoteOutletContextValue {
  name: string;
  retry: () => void;
}

export const RemoteOutletContext = createContext<RemoteOutletContextValue | null>(null);

/** The panel a failed remote leaves in its outlet; everything around it keeps working. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div data-testid="remote-fallback" role="alert">
      <Result
        status="warning"
        title="This section is not available right now"
        subTitle="The rest of Swapstuff still works. Please try again in a moment."
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}

/**
 * The module `errorLoadRemote` hands back in place of a remote that could not be loaded. It has no
 * props (it stands in for the remote's App), so it finds its outlet's Retry through context.
 */
export function RemoteUnavailable() {
  const outlet = useContext(RemoteOutletContext);
  return <RemoteFallback onRetry={outlet ? outlet.retry : () => window.location.reload()} />;
}

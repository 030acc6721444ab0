import { Alert, Button } from 'antd';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';

export interface LoadErrorProps {
  /** what could not be loaded: "Listings could not be loaded" */
  title: string;
  /** the server's words, or the generic message */
  message: string;
  onRetry: () => void;
  /** the Retry is on its way */
  retrying?: boolean;
}

/** What a page shows where its data failed to load: the reason and a Retry that asks again. */
export function LoadError({ title, message, onRetry, retrying }: LoadErrorProps) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={message}
      action={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}

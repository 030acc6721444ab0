import { Modal, Typography } from 'antd';

export interface BlockUserDialogProps {
  /** the user as the page names them */
  name: string;
  open: boolean;
  /** the block is being sent: the button spins */
  blocking: boolean;
  onBlock: () => void;
  onCancel: () => void;
}

/** Block User's one question, wherever a user can be blocked: a seller card's menu, a conversation's menu. */
export function BlockUserDialog({ name, open, blocking, onBlock, onCancel }: BlockUserDialogProps) {
  return (
    <Modal
      open={open}
      title={`Block ${name}?`}
      okText="Block User"
      okButtonProps={{ danger: true, loading: blocking }}
      onOk={onBlock}
      onCancel={onCancel}
    >
      <Typography.Paragraph>
        You will no longer see each other’s listings, and neither of you can send the other offers, questions or
        messages. You can unblock {name} from Blocked Users on your profile.
      </Typography.Paragraph>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Flex, Table, Tag, type TableColumnsType } from 'antd';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { staffMessages, type StaffMember, type StaffProfile } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { LoadError, LocalDateTime, PageFrame } from '@swapstuff/sdk/ui';
import { useGrantRole, useResetFactor, useRevokeRole, useSignInEndedCheck, useStaffList } from './api';
import { ScrollRegion } from './ScrollRegion';
import { StaffActionDialog, type StaffActionDialogProps, type StaffActionValues } from './StaffActionDialog';
import { roleLabel } from './SupportConsole';

type Action = 'add' | 'change-role' | 'remove' | 'reset';

/** The dialog open (kept, closed, while it animates away) and the staff member it acts on. */
interface Dialog {
  action: Action;
  member: StaffMember | null;
  open: boolean;
}

const nameOf = (member: StaffMember) => member.name || member.email;

/**
 * /support/staff, for admins: everyone who holds a staff role, Add staff (an existing account, by its e-mail),
 * and per member Change role, Remove and Reset authenticator; each confirmed with a reason and a current code.
 * A support agent is told that only an admin can do this.
 */
export function StaffPage({ profile }: { profile: StaffProfile }) {
  const isAdmin = profile.role === 'admin';
  const staff = useStaffList(isAdmin);
  useSignInEndedCheck(staff.error);
  const grant = useGrantRole();
  const revoke = useRevokeRole();
  const reset = useResetFactor();
  const [dialog, setDialog] = useState<Dialog | null>(null);

  if (!isAdmin) {
    return (
      <PageFrame title="Staff">
        <Alert type="warning" showIcon title={staffMessages.adminOnly} />
      </PageFrame>
    );
  }

  const show = (action: Action, member: StaffMember | null = null) => setDialog({ action, member, open: true });
  const close = () => setDialog((current) => current && { ...current, open: false });

  /** What each dialog asks, says and sends. */
  const dialogProps = (
    action: Action,
    member: StaffMember | null,
  ): Omit<StaffActionDialogProps, 'open' | 'onClose'> => {
    const who = member ? nameOf(member) : '';
    switch (action) {
      case 'add':
        return {
          title: 'Add staff',
          description: 'They sign up as a member first; the role is given to the account that uses this e-mail.',
          asks: { email: true, role: true },
          initialRole: 'support',
          okText: 'Add staff',
          onConfirm: async ({ email, role, reason, code }: StaffActionValues) => {
            await grant.mutateAsync({ email, role, reason, code });
            toast.success(staffMessages.roleGranted);
          },
        };
      case 'change-role':
        return {
          title: `Change ${who}'s role`,
          description: 'Their staff sign-ins end: they sign in again with the new role.',
          asks: { role: true },
          initialRole: member?.role === 'admin' ? 'support' : 'admin',
          okText: 'Change role',
          onConfirm: async ({ role, reason, code }: StaffActionValues) => {
            await grant.mutateAsync({ email: member!.email, role, reason, code });
            toast.success(staffMessages.roleGranted);
          },
        };
      case 'remove':
        return {
          title: `Remove ${who} from staff?`,
          description: 'Their staff sign-ins end at once. Their member account stays.',
          okText: 'Remove',
          danger: true,
          onConfirm: async ({ reason, code }: StaffActionValues) => {
            await revoke.mutateAsync({ userId: member!.user_id, reason, code });
            toast.success(staffMessages.roleRevoked);
          },
        };
      case 'reset':
        return {
          title: `Reset ${who}'s authenticator?`,
          description: 'Their staff sign-ins end, and they set up a new authenticator app at their next sign-in.',
          okText: 'Reset authenticator',
          danger: true,
          onConfirm: async ({ reason, code }: StaffActionValues) => {
            await reset.mutateAsync({ userId: member!.user_id, reason, code });
            toast.success(staffMessages.factorReset);
          },
        };
    }
  };

  const columns: TableColumnsType<StaffMember> = [
    {
      title: 'Member',
      key: 'member',
      render: (_, member) => (
        <>
          <div>{member.name}</div>
          <div style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{member.email}</div>
        </>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      // a plain tag: antd's gold one reads below the 4.5:1 contrast that axe asks of text
      render: (role: StaffMember['role']) => <Tag>{roleLabel(role)}</Tag>,
    },
    { title: 'Authenticator', dataIndex: 'enrolled', render: (enrolled: boolean) => (enrolled ? 'Set up' : 'Not yet') },
    { title: 'Granted', dataIndex: 'granted_at', render: (at: string) => <LocalDateTime value={at} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, member) => (
        <Flex gap={8} wrap>
          <Button
            size="small"
            onClick={() => show('change-role', member)}
            aria-label={`Change role of ${nameOf(member)}`}
          >
            Change role
          </Button>
          <Button size="small" onClick={() => show('remove', member)} aria-label={`Remove ${nameOf(member)}`}>
            Remove
          </Button>
          <Button
            size="small"
            onClick={() => show('reset', member)}
            aria-label={`Reset authenticator of ${nameOf(member)}`}
          >
            Reset authenticator
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <PageFrame
      title="Staff"
      extra={
        <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => show('add')}>
          Add staff
        </Button>
      }
    >
      {staff.isError ? (
        <LoadError
          title="The staff could not be loaded"
          message={staff.error.message}
          onRetry={() => void staff.refetch()}
          retrying={staff.isFetching}
        />
      ) : (
        <ScrollRegion label="Staff members" minWidth={760}>
          <Table<StaffMember>
            rowKey="user_id"
            columns={columns}
            dataSource={staff.data}
            loading={staff.isPending}
            pagination={false}
          />
        </ScrollRegion>
      )}
      {dialog && (
        <StaffActionDialog open={dialog.open} onClose={close} {...dialogProps(dialog.action, dialog.member)} />
      )}
    </PageFrame>
  );
}

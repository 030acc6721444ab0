import { Avatar, Button, Skeleton } from 'antd';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Link } from 'react-router-dom';
import { messages, routes, safetyMessages, sellerName, type BlockedUser } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { EmptyState, LoadError, LocalDateTime, PageFrame } from '@swapstuff/sdk/ui';
import { useBlockedUsers, useUnblockUser } from './api';

const nameOf = (user: BlockedUser) =>
  sellerName({
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    is_business: user.is_business,
    businessName: user.businessName,
  });

/**
 * /blocked-users (ours, issue 15; linked from My Profile): whom the member blocks, each with Unblock. Their
 * listings come back to search, home and likes at once.
 */
export function BlockedUsersPage() {
  const blocked = useBlockedUsers();
  const unblock = useUnblockUser();

  const lift = async (user: BlockedUser) => {
    try {
      await unblock.mutateAsync({ userId: user.id });
      toast.success(safetyMessages.unblocked);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : messages.genericError);
    }
  };

  return (
    <PageFrame title="Blocked Users">
      {blocked.isPending ? (
        <Skeleton avatar active paragraph={{ rows: 2 }} />
      ) : blocked.isError ? (
        <LoadError
          title="The blocked users could not be loaded"
          message={blocked.error.message}
          onRetry={() => void blocked.refetch()}
          retrying={blocked.isFetching}
        />
      ) : blocked.data.length === 0 ? (
        <EmptyState
          title="You have not blocked anyone"
          description="Block a user from the menu on their seller card; they will be listed here."
        />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, maxWidth: 640 }}>
          {blocked.data.map((user) => (
            <li
              key={user.id}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '12px 0',
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              <Avatar
                src={user.avatar ?? undefined}
                alt=""
                icon={user.is_business ? <ShopOutlined aria-hidden /> : <UserOutlined aria-hidden />}
              />
              <div style={{ flex: '1 1 auto', minWidth: 0 }}>
                <Link to={routes.userProfile(user.id)}>{nameOf(user)}</Link>
                <div style={{ color: 'rgba(0, 0, 0, 0.65)', fontSize: 13 }}>
                  Blocked <LocalDateTime value={user.blocked_at} />
                </div>
              </div>
              <Button
                onClick={() => void lift(user)}
                loading={unblock.isPending && unblock.variables?.userId === user.id}
                aria-label={`Unblock ${nameOf(user)}`}
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      )}
    </PageFrame>
  );
}

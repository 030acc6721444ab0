import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Flex, Skeleton, Statistic, Tag } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { Link } from 'react-router-dom';
import { formatEin, formatPhone, routes, sellerName, type User } from '@swapstuff/contracts';
import { useProfileStats } from './api';
import { ProfileAvatar } from './AvatarPicker';

/** "+1 (555) 123-4567", as the spec shows a contact. */
const contact = (phone: string | null) => (phone ? `+1 ${formatPhone(phone)}` : 'Not added');

/** The user's activity, as others see it on their public profile. */
function Stats({ userId }: { userId: number }) {
  const stats = useProfileStats(userId);
  if (stats.isPending) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
  // the profile stands without its figures: a failure here says so in place of them
  if (stats.isError) return <p role="status">Your activity could not be loaded.</p>;
  const rating = stats.data.as_seller.average;
  return (
    <Flex gap={32} wrap>
      <Statistic title="Active listings" value={stats.data.listings} />
      <Statistic title="Sold" value={stats.data.sold} />
      <Statistic title="Swaps" value={stats.data.swaps} />
      <Statistic
        title="Rating as a seller"
        value={rating === null ? 'No ratings yet' : `${rating} / 5`}
        suffix={rating === null ? undefined : `(${stats.data.as_seller.count})`}
      />
    </Flex>
  );
}

/** My Profile as it reads: avatar, name, contact, business details (formatted as at sign-up) and activity. */
export function ProfileCard({ user, onEdit }: { user: User; onEdit: () => void }) {
  const business = user.is_business === 1;
  const name = sellerName({
    first_name: user.first_name,
    last_name: user.last_name,
    is_business: user.is_business,
    businessName: user.businessName ?? null,
  });
  const full = business ? name : `${user.first_name} ${user.last_name}`;
  const items: { key: string; label: string; children: ReactNode }[] = [
    { key: 'username', label: business ? 'Business Username' : 'Username', children: `@${user.username}` },
    { key: 'email', label: 'Email', children: user.email },
    { key: 'phone', label: 'Phone', children: contact(user.phone_no) },
  ];
  if (business) {
    items.push(
      {
        key: 'ein',
        label: 'EIN Number',
        children: user.businessEINNumber ? formatEin(user.businessEINNumber) : 'Not added',
      },
      { key: 'businessEmail', label: 'Business Email', children: user.businessEmail },
      {
        key: 'address',
        label: 'Address',
        children: [user.address, user.city, [user.state, user.zip].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', '),
      },
    );
  }
  return (
    <Card>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <ProfileAvatar src={user.avatar} isBusiness={business} size={96} />
        <div style={{ flex: '1 1 200px', minWidth: 0 }}>
          <h2 style={{ margin: 0, fontSize: 20, overflowWrap: 'anywhere' }}>{full}</h2>
          {business && <Tag color="blue">Business</Tag>}
        </div>
        <Button icon={<EditOutlined aria-hidden />} onClick={onEdit}>
          Edit Profile
        </Button>
      </Flex>
      <Descriptions column={{ xs: 1, md: 2 }} items={items} style={{ marginBottom: 24 }} />
      <Stats userId={user.id} />
      <Flex gap={16} wrap style={{ marginTop: 24 }}>
        <Link to={routes.userProfile(user.id)}>See your public profile</Link>
        <Link to={routes.blockedUsers}>Blocked Users</Link>
      </Flex>
    </Card>
  );
}

import { Avatar, Card, Flex, Skeleton, Statistic, Tag } from 'antd';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { routes, type PublicProfile } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { EmptyState, LoadError, PageFrame, PageNotFound } from '@swapstuff/sdk/ui';
import { LayoutToggle, ListingResults } from '../listings/ListingResults';
import { SellerActions } from '../safety/SellerActions';
import { usePublicProfile, useSellerListings } from './api';

const PER_PAGE = 30;
/** A user's id as the path carries it: digits, not 0. */
const ID = /^[1-9][0-9]{0,9}$/;
const MEMBER_SINCE = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * /user/:id (ours; issue 15): a user's public profile, opened from a listing's seller card: name, avatar,
 * business badge, member since, activity and their listings. Never their contact details (the api has none).
 */
export function UserProfilePage() {
  const { id = '' } = useParams();
  if (!ID.test(id)) return <PageNotFound />;
  return <UserProfile key={id} userId={Number(id)} />;
}

function ProfileHeader({ profile }: { profile: PublicProfile }) {
  const { stats } = profile;
  const rating = stats.as_seller.average;
  const viewerId = useSession((s) => s.profile?.userId);
  return (
    <Card style={{ marginBottom: 24 }}>
      <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
        <Avatar
          size={80}
          src={profile.avatar ?? undefined}
          alt=""
          icon={profile.is_business ? <ShopOutlined aria-hidden /> : <UserOutlined aria-hidden />}
        />
        <div style={{ minWidth: 0 }}>
          {profile.is_business === 1 && <Tag color="blue">Business</Tag>}
          <div>@{profile.username}</div>
          <div>Member since {MEMBER_SINCE.format(new Date(profile.member_since))}</div>
        </div>
        {viewerId !== profile.id && (
          <div style={{ marginInlineStart: 'auto' }}>
            <SellerActions userId={profile.id} name={profile.name} />
          </div>
        )}
      </Flex>
      <Flex gap={32} wrap>
        <Statistic title="Active listings" value={stats.listings} />
        <Statistic title="Sold" value={stats.sold} />
        <Statistic title="Swaps" value={stats.swaps} />
        <Statistic title="Rating as a seller" value={rating === null ? 'No ratings yet' : `${rating} / 5`} />
      </Flex>
      <Link to={routes.userReviews(profile.id)} state={{ name: profile.name }}>
        See reviews ({stats.as_seller.count + stats.as_buyer.count})
      </Link>
    </Card>
  );
}

function UserProfile({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const pageNumber = Math.max(1, Number(params.get('page')) || 1);
  const profile = usePublicProfile(userId);
  const listings = useSellerListings(userId, pageNumber, PER_PAGE);

  if (profile.isError && profile.error.status === 404) return <PageNotFound />;
  return (
    <PageFrame title={profile.data?.name ?? 'Profile'} extra={<LayoutToggle />}>
      {profile.isPending ? (
        <Card style={{ marginBottom: 24 }} aria-busy="true" aria-label="Loading the profile">
          <Skeleton avatar active paragraph={{ rows: 2 }} />
        </Card>
      ) : profile.isError ? (
        <LoadError
          title="This profile could not be loaded"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      ) : (
        <ProfileHeader profile={profile.data} />
      )}
      <h2 style={{ fontSize: 18, margin: '0 0 12px' }}>Listings</h2>
      <ListingResults
        query={listings}
        onPageChange={(page) => setParams(page > 1 ? { page: String(page) } : {})}
        empty={<EmptyState description="Nothing listed right now." />}
      />
    </PageFrame>
  );
}

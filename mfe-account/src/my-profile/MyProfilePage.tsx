import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, Skeleton } from 'antd';
import { messages } from '@swapstuff/contracts';
import { LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { useMyProfile } from './api';
import { ProfileCard } from './ProfileCard';
import { ProfileForm } from './ProfileForm';

/**
 * /my-profile (spec sections 2 and 5): the profile as it reads, then Edit Profile in place. Icons, name fields
 * and required fields follow the account's kind (is_business). `?edit=1` (routes.myProfileEdit) opens on the
 * form: where a first social sign-in lands, with the username we proposed to review.
 */
export function MyProfilePage() {
  const profile = useMyProfile();
  const [params, setParams] = useSearchParams();
  const [editing, setEditingState] = useState(params.get('edit') === '1');
  const setEditing = (value: boolean) => {
    setEditingState(value);
    // a reload after saving shows the profile, not the form again
    if (!value && params.has('edit')) setParams({}, { replace: true });
  };
  return (
    <PageFrame title="My Profile">
      <div style={{ maxWidth: 800 }}>
        {profile.isPending ? (
          <Card aria-busy="true" aria-label="Loading your profile">
            <Skeleton avatar active paragraph={{ rows: 4 }} />
          </Card>
        ) : profile.isError ? (
          <LoadError
            title="Your profile could not be loaded"
            message={profile.error.message || messages.genericError}
            onRetry={() => void profile.refetch()}
            retrying={profile.isFetching}
          />
        ) : editing ? (
          <Card title="Edit Profile">
            <ProfileForm user={profile.data} onDone={() => setEditing(false)} />
          </Card>
        ) : (
          <ProfileCard user={profile.data} onEdit={() => setEditing(true)} />
        )}
      </div>
    </PageFrame>
  );
}

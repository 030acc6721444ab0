import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { NavLink } from 'react-router-dom';
import type { StaffProfile } from '@swapstuff/contracts';
import { BRAND, LoadError } from '@swapstuff/sdk/ui';
import pages from '../pages.json';
import { useRecheckStaffProfile, useStaffProfile } from './api';
import { ConsoleLoading } from './ConsoleLoading';
import { StaffSignIn } from './StaffSignIn';

/** The console's pages, where pages.json declares them. */
export const consolePaths = {
  home: pages.support.paths[0],
  staff: pages.supportStaff.paths[0],
  audit: pages.supportAudit.paths[0],
};

/** The console's sections in the nav's order (disputes and moderation will join them); some are admins' alone. */
const sections: { label: string; to: string; adminOnly?: boolean }[] = [
  { label: 'Overview', to: consolePaths.home },
  { label: 'Staff', to: consolePaths.staff, adminOnly: true },
  { label: 'Audit trail', to: consolePaths.audit },
];

export const roleLabel = (role: StaffProfile['role']) => (role === 'admin' ? 'Admin' : 'Support');

export interface SupportConsoleProps {
  /** the page, for the staff member signed in */
  children(profile: StaffProfile): ReactNode;
}

/**
 * The support console's frame, around each of its pages: it asks who is signed in as staff first. Anyone the api
 * answers 404 (a visitor, a member, a staff sign-in without its second factor or that has ended) gets the staff
 * sign-in; staff get the console's nav and the page.
 */
export function SupportConsole({ children }: SupportConsoleProps) {
  const profile = useStaffProfile();
  const recheck = useRecheckStaffProfile();

  // a 404 first: a sign-in that ended keeps the profile it had, which must not show any more
  if (profile.isError && profile.error.status === 404) return <StaffSignIn onSignedIn={recheck} />;
  if (profile.isPending) return <ConsoleLoading />;
  if (profile.isError) {
    return (
      <div style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
        <LoadError
          title="The support console could not be loaded"
          message={profile.error.message}
          onRetry={() => void profile.refetch()}
          retrying={profile.isFetching}
        />
      </div>
    );
  }

  const staff = profile.data;
  return (
    <>
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 8,
          maxWidth: 1200,
          margin: '0 auto',
          padding: '12px 16px 0',
        }}
      >
        <nav aria-label="Support console">
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 4, listStyle: 'none', margin: 0, padding: 0 }}>
            {sections
              .filter((section) => !section.adminOnly || staff.role === 'admin')
              .map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end style={({ isActive }) => navLinkStyle(isActive)}>
                    {section.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
          {staff.user.email} <Tag style={{ marginInlineEnd: 0 }}>{roleLabel(staff.role)}</Tag>
        </span>
      </div>
      {children(staff)}
    </>
  );
}

/** The page's own tab in the brand's colour, underlined. (antd's colour variables are set on its components only.) */
const navLinkStyle = (isActive: boolean) => ({
  display: 'inline-block',
  padding: '8px 12px',
  borderBottom: `2px solid ${isActive ? BRAND : 'transparent'}`,
  color: isActive ? BRAND : 'rgba(0, 0, 0, 0.88)',
  fontWeight: isActive ? 600 : 400,
});

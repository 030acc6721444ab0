import { AuditPage } from './AuditPage';
import { StaffPage } from './StaffPage';
import { SupportConsole } from './SupportConsole';
import { SupportHomePage } from './SupportHomePage';

/** A page of the support console, in the console's frame (which signs staff in first). */
export default function ConsolePage({ page }: { page: 'home' | 'staff' | 'audit' }) {
  return (
    <SupportConsole>
      {(profile) => {
        switch (page) {
          case 'home':
            return <SupportHomePage profile={profile} />;
          case 'staff':
            return <StaffPage profile={profile} />;
          case 'audit':
            return <AuditPage />;
        }
      }}
    </SupportConsole>
  );
}

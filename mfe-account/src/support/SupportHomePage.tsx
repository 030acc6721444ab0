import { Alert, Card, Descriptions } from 'antd';
import { Link } from 'react-router-dom';
import type { StaffProfile } from '@swapstuff/contracts';
import { PageFrame } from '@swapstuff/sdk/ui';
import { consolePaths, roleLabel } from './SupportConsole';

/** Fewer recovery codes than this left: time to think of new ones. */
const FEW_RECOVERY_CODES = 3;

/** /support: who is signed in, their recovery codes left, and where the console's work is. */
export function SupportHomePage({ profile }: { profile: StaffProfile }) {
  const { user, role, recovery_codes_left } = profile;
  return (
    <PageFrame title="Support console">
      {recovery_codes_left < FEW_RECOVERY_CODES && (
        <Alert
          type="warning"
          showIcon
          title={`You have ${recovery_codes_left} recovery code${recovery_codes_left === 1 ? '' : 's'} left.`}
          description="Each one opens your account once, should you lose your authenticator app."
          style={{ marginBottom: 16 }}
        />
      )}
      <Card style={{ maxWidth: 640, marginBottom: 16 }}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'name', label: 'Signed in as', children: `${user.first_name} ${user.last_name}` },
            { key: 'email', label: 'Email', children: user.email },
            { key: 'role', label: 'Role', children: roleLabel(role) },
            { key: 'codes', label: 'Recovery codes left', children: recovery_codes_left },
          ]}
        />
      </Card>
      <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 2 }}>
        {role === 'admin' && (
          <li>
            <Link to={consolePaths.staff}>Staff</Link>: who holds a role, add or remove staff, reset an authenticator.
          </li>
        )}
        <li>
          <Link to={consolePaths.audit}>Audit trail</Link>: every staff action, who did it and why.
        </li>
      </ul>
    </PageFrame>
  );
}

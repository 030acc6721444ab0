import { useState } from 'react';
import { Alert, Button, Checkbox, Flex, Typography } from 'antd';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { staffMessages } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';
import { SignInCard } from './SignInCard';

/** One code a line, as a text file or the clipboard keeps them. */
const asText = (codes: string[]) => `Swapstuff staff recovery codes\r\n\r\n${codes.join('\r\n')}\r\n`;

/**
 * The ten recovery codes, shown this once (the api keeps only their hashes): copied or downloaded, then the staff
 * member says they have saved them before the console opens.
 */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved(): Promise<void> }) {
  const [saved, setSaved] = useState(false);
  const [opening, setOpening] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast.success('Recovery codes copied.');
    } catch {
      // no clipboard outside a secure page, or refused: the codes stay on screen to select, and the download
      toast.error('They could not be copied here: download them, or select and copy them.');
    }
  };

  const open = async () => {
    setOpening(true);
    await onSaved();
  };

  return (
    <SignInCard title="Save your recovery codes" focusHeading>
      <Alert type="success" showIcon role="status" title={staffMessages.enrolled} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        If you lose your phone, sign in with one of these codes instead of the app&apos;s. They are shown only now.
      </Typography.Paragraph>
      <ol
        aria-label="Recovery codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
          gap: '4px 16px',
          margin: '0 0 16px',
          paddingInlineStart: 28,
          fontFamily: 'monospace',
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(asText(codes))}`}
          download="swapstuff-recovery-codes.txt"
        >
          Download codes
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} style={{ marginBottom: 16 }}>
        I have saved my recovery codes somewhere safe
      </Checkbox>
      <Button type="primary" block size="large" disabled={!saved} loading={opening} onClick={() => void open()}>
        Continue to the console
      </Button>
    </SignInCard>
  );
}

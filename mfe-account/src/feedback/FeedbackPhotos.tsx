import { useEffect, useId, useMemo, useRef } from 'react';
import { Button, Flex, Typography } from 'antd';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { FEEDBACK_LIMITS, feedbackMessages, messages } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
const ACCEPT = '.jpeg,.jpg,.png,.gif,image/jpeg,image/png,image/gif';

/** Why a picked file cannot go with the feedback, or null (spec sections 5 and 9: a photo of 5 MB at most). */
function refusal(file: File): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return messages.imageType;
  if (file.size > FEEDBACK_LIMITS.imageBytes) return messages.imageOver5Mb;
  return null;
}

/** Adds what may be added to the photos picked: each checked, 3 in all; a refusal is said in a toast. */
export function withPicked(have: File[], picked: File[]): File[] {
  const accepted = picked.filter((file) => {
    const why = refusal(file);
    if (why) toast.error(why);
    return !why;
  });
  const room = FEEDBACK_LIMITS.images - have.length;
  if (accepted.length > room) toast.error(feedbackMessages.imagesMax);
  return [...have, ...accepted.slice(0, Math.max(0, room))];
}

/**
 * The feedback's photos, sent with it: each shown as picked with a Remove button, Add Photos while there is
 * room (3 at most).
 */
export function FeedbackPhotos({
  value,
  onChange,
  disabled,
}: {
  value: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const previews = useMemo(
    () => value.map((file) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '')),
    [value],
  );
  useEffect(() => () => previews.forEach((url) => url && URL.revokeObjectURL(url)), [previews]);

  return (
    <div role="group" aria-labelledby={labelId} style={{ marginBottom: 24 }}>
      <Typography.Text strong id={labelId}>
        Photos
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
        Optional: up to {FEEDBACK_LIMITS.images} photos, JPEG, PNG or GIF, at most 5 MB each.
      </Typography.Paragraph>
      {value.length > 0 && (
        <Flex component="ul" gap={8} wrap style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
          {value.map((file, i) => (
            <li key={`${file.name}-${i}`} style={{ position: 'relative' }}>
              <img
                src={previews[i] || undefined}
                alt={`Photo ${i + 1}: ${file.name}`}
                width={88}
                height={88}
                style={{ objectFit: 'cover', borderRadius: 8, display: 'block' }}
              />
              <Button
                size="small"
                shape="circle"
                icon={<CloseOutlined aria-hidden />}
                aria-label={`Remove photo ${i + 1}`}
                style={{ position: 'absolute', top: 4, right: 4 }}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                disabled={disabled}
              />
            </li>
          ))}
        </Flex>
      )}
      <Button
        icon={<CameraOutlined aria-hidden />}
        onClick={() => input.current?.click()}
        disabled={disabled || value.length >= FEEDBACK_LIMITS.images}
      >
        Add Photos
      </Button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        style={{ display: 'none' }}
        tabIndex={-1}
        aria-hidden
        data-testid="feedback-photos"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // the same file may be picked again after a Remove
          event.target.value = '';
          if (files.length > 0) onChange(withPicked(value, files));
        }}
      />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Button, Flex, Modal, Typography } from 'antd';
import type { UploadFile } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import VideoCameraAddOutlined from '@ant-design/icons/VideoCameraAddOutlined';
import { LISTING_LIMITS, messages } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';

const VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/ogg', 'video/3gpp'];
const VIDEO_NAME = /\.(mp4|webm|ogg|ogv|3gp)$/i;
export const VIDEO_ACCEPT = '.mp4,.webm,.ogg,.ogv,.3gp,video/mp4,video/webm,video/ogg,video/3gpp';

export interface VideoUploaderProps {
  open: boolean;
  /** how many videos the listing has already: together at most LISTING_LIMITS.videos */
  have: number;
  /** the videos picked, once the user confirms */
  onConfirm: (videos: UploadFile[]) => void;
  onCancel: () => void;
}

/**
 * The spec's Video uploader (sections 2, 5 and 8): its own step over the listing form, with a confirm
 * action. Choosing nothing says "No file selected.", confirming none "Videos are required."; a file of
 * another type and a third video are refused with the spec's toasts, as photos are.
 */
export function VideoUploader({ open, have, onConfirm, onCancel }: VideoUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<UploadFile[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  // a fresh step each time it opens
  useEffect(() => {
    if (open) {
      setPicked([]);
      setProblem(null);
    }
  }, [open]);

  // the browser's file chooser closed with nothing chosen (React has no prop for the input's cancel event)
  useEffect(() => {
    const element = input.current;
    const none = () => setProblem(messages.noFileSelected);
    element?.addEventListener('cancel', none);
    return () => element?.removeEventListener('cancel', none);
  }, [open]);

  const choose = (files: File[]) => {
    if (files.length === 0) {
      setProblem(messages.noFileSelected);
      return;
    }
    const next = [...picked];
    for (const file of files) {
      if (!VIDEO_TYPES.includes(file.type) && !VIDEO_NAME.test(file.name)) {
        toast.error(messages.videoType);
      } else if (have + next.length >= LISTING_LIMITS.videos) {
        toast.error(messages.videosMax);
      } else {
        next.push({ uid: `video-${Date.now()}-${next.length}`, name: file.name, originFileObj: file as never });
      }
    }
    setPicked(next);
    setProblem(null);
  };

  const confirm = () => {
    if (picked.length === 0) setProblem(messages.videosRequired);
    else onConfirm(picked);
  };

  return (
    <Modal open={open} title="Add videos" okText="Add to listing" onOk={confirm} onCancel={onCancel} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        MP4, WebM, OGG or 3GP; a listing has up to {LISTING_LIMITS.videos}.
      </Typography.Paragraph>
      <input
        ref={input}
        type="file"
        accept={VIDEO_ACCEPT}
        multiple
        hidden
        aria-label="Video files"
        onChange={(event) => {
          choose(Array.from(event.target.files ?? []));
          // the same file can be chosen again after it is removed
          event.target.value = '';
        }}
      />
      <Button icon={<VideoCameraAddOutlined aria-hidden />} onClick={() => input.current?.click()}>
        Choose videos
      </Button>
      {picked.length > 0 && (
        <ul aria-label="Videos chosen" style={{ listStyle: 'none', padding: 0, margin: '12px 0 0' }}>
          {picked.map((file) => (
            <li key={file.uid}>
              <Flex justify="space-between" align="center" gap={8}>
                <Typography.Text ellipsis>{file.name}</Typography.Text>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setPicked(picked.filter((f) => f.uid !== file.uid))}
                />
              </Flex>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <Typography.Paragraph type="danger" role="alert" style={{ margin: '12px 0 0' }}>
          {problem}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

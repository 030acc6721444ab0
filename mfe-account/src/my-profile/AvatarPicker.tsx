import { useEffect, useMemo } from 'react';
import { Avatar, Button, Flex, Upload } from 'antd';
import ImgCrop from 'antd-img-crop';
import CameraOutlined from '@ant-design/icons/CameraOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { messages } from '@swapstuff/contracts';
import { toast } from '@swapstuff/sdk';

/** The photo types a listing takes (spec section 5), for the picker's filter and its check. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** A user's avatar, or their kind's icon: a person, or a shop for a business (spec: icons follow is_business). */
export function ProfileAvatar({ src, isBusiness, size }: { src: string | null; isBusiness: boolean; size: number }) {
  return (
    <Avatar
      size={size}
      src={src ?? undefined}
      alt=""
      icon={isBusiness ? <ShopOutlined aria-hidden /> : <UserOutlined aria-hidden />}
    />
  );
}

export interface AvatarChoice {
  /** the new photo, cropped square in the browser */
  file?: File;
  /** take the current avatar away */
  remove?: boolean;
}

/**
 * The avatar of the profile form: a photo picked, cropped square (the api crops square too, whatever a client
 * sends), shown before it is saved; or the current one taken away. One photo: a business's logo included.
 */
export function AvatarPicker({
  current,
  isBusiness,
  value,
  onChange,
}: {
  current: string | null;
  isBusiness: boolean;
  value: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
}) {
  const preview = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (value.remove ? null : current);
  const label = isBusiness ? 'logo' : 'photo';
  return (
    <Flex align="center" gap={16} wrap>
      <ProfileAvatar src={shown} isBusiness={isBusiness} size={96} />
      <Flex gap={8} wrap>
        <ImgCrop aspect={1} rotationSlider modalTitle={`Crop your ${label}`} modalOk="Use this" quality={0.9}>
          <Upload
            accept={PHOTO_TYPES.join(',')}
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              if (!PHOTO_TYPES.includes(file.type)) {
                toast.error(messages.imageType);
                return Upload.LIST_IGNORE;
              }
              onChange({ file });
              // kept in the form: sent with Save, not on its own
              return false;
            }}
          >
            <Button icon={<CameraOutlined aria-hidden />}>{shown ? `Change ${label}` : `Add a ${label}`}</Button>
          </Upload>
        </ImgCrop>
        {shown && (
          <Button icon={<DeleteOutlined aria-hidden />} onClick={() => onChange({ remove: true })}>
            Remove {label}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}

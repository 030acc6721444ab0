import { useState } from 'react';
import { Alert, Button, Flex, Form } from 'antd';
import {
  businessProfileRules,
  formatPhone,
  messages,
  profileMessages,
  profileRules,
  type User,
} from '@swapstuff/contracts';
import { ApiError, formRules, toast } from '@swapstuff/sdk';
import { BusinessFields, PersonFields, PhoneField } from '@swapstuff/sdk/fields';
import { useEditProfile, type ProfileInput } from './api';
import { AvatarPicker, type AvatarChoice } from './AvatarPicker';

const individualRules = formRules(profileRules);
const businessRules = formRules(businessProfileRules);

type Values = Omit<ProfileInput, 'avatar' | 'removeAvatar'>;

/** The form's first values: what the profile holds, the phone as the form shows it. */
function valuesOf(user: User): Values {
  const phone = formatPhone(user.phone_no ?? '');
  if (!user.is_business) {
    return { firstName: user.first_name, lastName: user.last_name, username: user.username, phone };
  }
  return {
    businessName: user.businessName ?? '',
    businessUsername: user.businessUsername ?? user.username,
    businessEINNumber: user.businessEINNumber ?? '',
    businessEmail: user.businessEmail ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    state: user.state ?? '',
    zip: user.zip ?? '',
    phone,
  };
}

/**
 * Edit Profile (spec section 5, Profile edit): an individual edits first and last name, username and contact;
 * a business its name, username, EIN, e-mail, address and phone, by the rules it signed up with. A refusal
 * is shown on its field (a username taken meanwhile), anything else above the form; nothing typed is lost.
 */
export function ProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  const edit = useEditProfile();
  const [avatar, setAvatar] = useState<AvatarChoice>({});
  const [error, setError] = useState<string | null>(null);
  const business = user.is_business === 1;
  const rules = business ? businessRules : individualRules;

  const save = async (values: Values) => {
    setError(null);
    try {
      await edit.mutateAsync({
        ...values,
        ...(avatar.file ? { avatar: avatar.file } : {}),
        ...(avatar.remove ? { removeAvatar: '1' } : {}),
      });
      toast.success(profileMessages.profileUpdated);
      onDone();
    } catch (err) {
      if (!(err instanceof ApiError)) return setError(messages.genericError);
      const onFields = Object.entries(err.fieldErrors).filter(([name]) => name in rules);
      if (onFields.length > 0) {
        form.setFields(onFields.map(([name, text]) => ({ name: name as keyof Values, errors: [text] })));
      } else setError(err.message);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="edit-profile"
      layout="vertical"
      initialValues={valuesOf(user)}
      onFinish={save}
      scrollToFirstError
    >
      <Form.Item label={business ? 'Logo' : 'Photo'}>
        <AvatarPicker current={user.avatar} isBusiness={business} value={avatar} onChange={setAvatar} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {business ? (
        <BusinessFields rules={rules} />
      ) : (
        <>
          <PersonFields rules={rules} />
          <PhoneField rules={rules.phone} />
        </>
      )}
      <Flex gap={8} justify="flex-end">
        <Button onClick={onDone} disabled={edit.isPending}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={edit.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}

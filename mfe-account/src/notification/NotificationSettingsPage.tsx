import { Skeleton, Switch } from 'antd';
import { EMAIL_TOPICS, EmailTopicNames, messages, type EmailTopic } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { useNotificationSettings, useSaveNotificationSettings } from './api';
import { PushOptIn } from './PushOptIn';
import styles from './NotificationSettingsPage.module.css';

/**
 * /notification-settings (ours, issue 16; in the avatar menu): which important events also come by e-mail, a switch
 * per topic that saves as it is turned; everything is always on the Notifications page. Push on this device is
 * turned on here too.
 */
export function NotificationSettingsPage() {
  const current = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const turn = async (topic: EmailTopic, enabled: boolean) => {
    try {
      await save.mutateAsync({ email: { [topic]: enabled } });
      toast.success(
        enabled
          ? `E-mails for ${EMAIL_TOPICS[topic].label} are on`
          : `E-mails for ${EMAIL_TOPICS[topic].label} are off`,
      );
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : messages.genericError);
    }
  };

  let content;
  if (current.isLoadingError) {
    content = (
      <LoadError
        title="Your settings could not be loaded"
        message={current.error.message}
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  } else if (!current.data) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading settings">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  } else {
    const { email } = current.data;
    content = (
      <section aria-labelledby="email-heading" className={styles.card}>
        <h2 id="email-heading" className={styles.heading}>
          E-mail me about
        </h2>
        <ul className={styles.topics}>
          {EmailTopicNames.map((topic) => (
            <li key={topic} className={styles.topic}>
              <span className={styles.words}>
                <span id={`topic-${topic}`} className={styles.label}>
                  {EMAIL_TOPICS[topic].label}
                </span>
                <span id={`topic-${topic}-text`} className={styles.description}>
                  {EMAIL_TOPICS[topic].description}
                </span>
              </span>
              <Switch
                checked={email[topic]}
                loading={save.isPending && save.variables?.email[topic] !== undefined}
                onChange={(on) => void turn(topic, on)}
                aria-labelledby={`topic-${topic}`}
                aria-describedby={`topic-${topic}-text`}
              />
            </li>
          ))}
        </ul>
        <p className={styles.note}>
          Everything else shows on your Notifications page and, when turned on, on this device.
        </p>
      </section>
    );
  }

  return (
    <PageFrame title="Notification Settings">
      <PushOptIn />
      {content}
    </PageFrame>
  );
}

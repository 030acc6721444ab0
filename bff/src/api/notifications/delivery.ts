import { emailTopicOf, routes, type EmailTopic, type Notification } from '@swapstuff/contracts';
import type { Mailer, MailMessage } from '../../adapters/mail';
import type { PushPort } from '../../adapters/push';
import { onOutside, type Handler } from '../../jobs';
import { tokensRepo } from '../auth';
import { escapeHtml } from '../../http';
import { notificationsRepo } from './repo';

export interface DeliveryDeps {
  push: PushPort;
  mailer: Mailer;
  /** the site's address, for the links in mails */
  publicUrl: string;
}

/** A notification as an e-mail: its title, its text, a button to where it leads, and how to turn the topic off. */
export function notificationMail(
  to: string,
  notification: Notification,
  topic: EmailTopic,
  publicUrl: string,
): MailMessage {
  const link = `${publicUrl}${notification.link ?? routes.notification}`;
  const settings = `${publicUrl}${routes.notificationSettings}`;
  const text = [
    notification.title,
    '',
    notification.text,
    '',
    `Open it: ${link}`,
    '',
    `You get these e-mails for ${topic}; turn them off in Notification Settings: ${settings}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p style="font-size:16px;font-weight:600">${escapeHtml(notification.title)}</p>
<p>${escapeHtml(notification.text)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">Open in Swapstuff</a></p>
<p style="font-size:12px;color:#6b7280">You get these e-mails for ${topic}. <a href="${escapeHtml(settings)}">Notification Settings</a> turns them off.</p>
</body></html>`;
  return { to, subject: notification.title, text, html };
}

/**
 * What follows a notification written: a push to each device the user signed in on with a push token (a token the
 * service calls gone is dropped), and, for the important kinds whose topic the user keeps on, an e-mail. Two
 * handlers, so that one failing and retried does not repeat the other; a retried push carries the notification's
 * id as its tag, so the device replaces the first rather than shows two.
 */
export function deliveryHandlers(deps: DeliveryDeps): Handler[] {
  return [
    onOutside('notification.written', 'notifications.push', async (db, { notificationId }) => {
      const found = await notificationsRepo.forDelivery(db, notificationId);
      if (!found) return;
      const { notification } = found;
      for (const device of await tokensRepo.pushTokensOf(db, found.userId)) {
        const outcome = await deps.push.send({
          token: device.token,
          title: notification.title,
          body: notification.text,
          link: notification.link ?? routes.notification,
          tag: `notification-${notification.id}`,
        });
        if (outcome === 'gone') await tokensRepo.dropPushToken(db, device.tokenId);
      }
    }),
    onOutside('notification.written', 'notifications.mail', async (db, { notificationId }, { jobId }) => {
      const found = await notificationsRepo.forDelivery(db, notificationId);
      const topic = found && emailTopicOf(found.notification.kind);
      if (!found || !topic || !found.email) return;
      if (!(await notificationsRepo.emailSettings(db, found.userId))[topic]) return;
      const mail = notificationMail(found.email, found.notification, topic, deps.publicUrl);
      await deps.mailer.send({ ...mail, id: `swapstuff-job-${jobId}` });
    }),
  ];
}

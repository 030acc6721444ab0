import { Router } from 'express';
import { NO_CACHE } from './caching';

/**
 * The service worker of web push: a browser that turned notifications on gets each push as a system
 * notification (a push sent again replaces the first: the same tag), and a click opens the page it leads to. Served at /sw.js (a worker controls the paths
 * below its own, so it sits at the root), never cached, so a change reaches every browser.
 */
const WORKER = `self.addEventListener('push', (event) => {
  const data = event.data ? event.data.json() : {};
  event.waitUntil(
    self.registration.showNotification(data.title || 'Swapstuff', {
      body: data.body || '',
      tag: data.tag,
      data: { link: data.link || '/notification' },
    }),
  );
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data.link));
});
`;

export const PUSH_WORKER_PATH = '/sw.js';

export function createPushWorkerRouter(): Router {
  const router = Router();
  router.get(PUSH_WORKER_PATH, (_req, res) => {
    res.set('Cache-Control', NO_CACHE).type('text/javascript').send(WORKER);
  });
  return router;
}

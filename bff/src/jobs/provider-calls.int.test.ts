import { call, startTestApi, type TestApi } from '../../test/harness';
import { startFcmSandbox, type FcmSandbox } from '../../test/fcm';
import { listItem, seller } from '../../test/listings';
import { fcmPush } from '../adapters/push';

/**
 * A job waiting on a provider holds no lock (issue 33, finding 2). The runner ran every handler inside the
 * transaction of its batch: on SQLite, the default engine, whose one writer that transaction was, a slow
 * provider stalled every request until it answered. A handler that calls a provider now runs after its job was
 * claimed and the claim committed.
 */
let fcm: FcmSandbox;
let api: TestApi;
beforeAll(async () => {
  fcm = await startFcmSandbox();
  api = await startTestApi({ push: fcmPush({ serviceAccount: fcm.serviceAccount, url: fcm.url }) });
});
afterAll(async () => {
  await api.close();
  await fcm.close();
});

it('while a push waits on the provider, 20 signed-in page reads and a question are answered; the push then goes once', async () => {
  const owner = await seller(api, 'held_owner');
  const asker = await seller(api, 'held_asker');
  const registered = await call(api.url, 'POST', '/api/user/notifications', {
    token: owner.token,
    headers: { fcmToken: 'held-device' },
  });
  expect(registered.status).toBe(200);
  const listing = await listItem(api, owner);
  const ask = (question: string) =>
    call(api.url, 'POST', '/api/product/questionaire', {
      token: asker.token,
      body: { productId: listing, question },
    });
  expect((await ask('Is it still for sale?')).status).toBe(201);

  const held = fcm.hold();
  const jobs = (async () => {
    while ((await api.jobs.runBatch()) > 0);
  })();
  await held.reached;
  // the provider has the push and has not answered: the site answers its users meanwhile
  const reads = await Promise.all(
    Array.from({ length: 20 }, () => call(api.url, 'GET', '/api/userdetail', { token: owner.token })),
  );
  expect(reads.map((r) => r.status)).toEqual(Array(20).fill(200));
  expect((await ask('Does it come with a charger?')).status).toBe(201);
  held.release();
  await jobs;
  while ((await api.jobs.runBatch()) > 0);
  expect(fcm.sent.map((m) => [m.token, m.notification.body])).toEqual([
    ['held-device', '“Is it still for sale?”'],
    ['held-device', '“Does it come with a charger?”'],
  ]);
});

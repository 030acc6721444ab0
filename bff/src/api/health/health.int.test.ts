import { messages, type DeleteReason } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('health, 404s and reference data', () => {
  it('/healthz says the process is up and /readyz that the database answers', async () => {
    const health = await call(api.url, 'GET', '/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ Success: true, Description: '', Content: { status: 'up' } });
    const ready = await call(api.url, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.Content).toEqual({ status: 'ready' });
  });

  it('answers unknown api paths, unknown media and bad JSON in the envelope', async () => {
    const unknown = await call(api.url, 'GET', '/api/no/such/thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Success: false, Description: messages.notFound, Content: null });
    const media = await call(api.url, 'GET', '/media/categories/nope.svg');
    expect(media.status).toBe(404);
    expect(media.body.Description).toBe(messages.notFound);
    const badJson = await fetch(`${api.url}/api/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": ',
    });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toEqual({ Success: false, Description: messages.malformedBody, Content: null });
  });

  it('GET /api/deleteuserreasons lists the reasons', async () => {
    const res = await call<DeleteReason[]>(api.url, 'GET', '/api/deleteuserreasons');
    expect(res.status).toBe(200);
    expect(res.body.Content).toHaveLength(5);
    expect(res.body.Content[0]).toEqual({ id: expect.any(Number), name: 'I no longer want to swap or sell items' });
    expect(res.body.Content.map((r) => r.name)).toContain('Other');
  });

  it('/readyz and the api say 503 once the database is gone (finding 12: /api/home said 500)', async () => {
    await api.db.destroy();
    const res = await call(api.url, 'GET', '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      Success: false,
      Description: 'Database unreachable',
      Content: { status: 'unavailable' },
    });
    const home = await call(api.url, 'GET', '/api/home');
    expect(home.status).toBe(503);
    expect(home.headers.get('retry-after')).toBe('5');
    expect(home.body).toEqual({ Success: false, Description: messages.serviceUnavailable, Content: null });
  });
});

import { startShippoSandbox, type Address, type StartedShippoSandbox } from '.';
import { call, NEW_YORK, TORONTO } from './testing';

let sandbox: StartedShippoSandbox;
beforeAll(async () => {
  sandbox = await startShippoSandbox({ tickIntervalMs: 0 });
});
afterAll(() => sandbox.close());

const validated = (fields: object) =>
  call<Address & { validation_results: { is_valid: boolean; messages: Array<{ code: string; text: string }> } }>(
    sandbox.url,
    'POST',
    '/addresses/',
    { ...fields, validate: true },
  );

it('validates a US address whose ZIP and state agree, and keeps it', async () => {
  const { status, body } = await validated(NEW_YORK);
  expect(status).toBe(201);
  expect(body.object_id).toMatch(/^[0-9a-f]{32}$/);
  expect(body.validation_results).toEqual({ is_valid: true, messages: [] });
  expect(body.is_complete).toBe(true);
  const again = await call<Address>(sandbox.url, 'GET', `/addresses/${body.object_id}/`);
  expect(again.body).toEqual(body);
});

it('validates a Canadian address by its forward sortation area and province (code or name)', async () => {
  expect((await validated(TORONTO)).body.validation_results.is_valid).toBe(true);
  expect((await validated({ ...TORONTO, state: 'Ontario' })).body.validation_results.is_valid).toBe(true);
});

it('finds a ZIP the data does not know invalid', async () => {
  const { body } = await validated({ ...NEW_YORK, zip: '00000' });
  expect(body.validation_results.is_valid).toBe(false);
  expect(body.validation_results.messages.map((m) => m.code)).toEqual(['Invalid Postal Code']);
});

it('finds a state that is not the ZIP’s invalid', async () => {
  const { body } = await validated({ ...NEW_YORK, state: 'CA' });
  expect(body.validation_results.is_valid).toBe(false);
  expect(body.validation_results.messages[0]).toMatchObject({ code: 'Invalid State' });
  expect(body.validation_results.messages[0].text).toContain('NY');
});

it('answers a missing country and an unknown id as Shippo does', async () => {
  const missing = await call(sandbox.url, 'POST', '/addresses/', { street1: '1 Main St' });
  expect(missing).toEqual({ status: 400, body: { country: ['This field is required.'] } });
  const unknown = await call(sandbox.url, 'GET', '/addresses/0123456789abcdef0123456789abcdef/');
  expect(unknown).toEqual({ status: 404, body: { detail: 'Not found.' } });
});

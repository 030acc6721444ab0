/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { AuditEvent, AuditPage as AuditPageContent } from '@swapstuff/contracts';
import { fakeFetch, ok, TestQueryProvider } from '@swapstuff/sdk/testing';
import { AuditPage, auditParams, readAuditParams } from './AuditPage';

const server = fakeFetch();

const grant: AuditEvent = {
  id: 31,
  staff_id: 1,
  staff: 'grace@example.com',
  kind: 'role.grant',
  target_type: 'user',
  target_id: '12',
  before: { role: 'user' },
  after: { role: 'support' },
  reason: 'Joins the support team',
  ip: '203.0.113.9',
  created_at: '2026-11-20T10:00:00.000Z',
};

const pageOf = (events: AuditEvent[], total = events.length, pageNumber = 1): AuditPageContent => ({
  events,
  total,
  pageNumber,
  perPage: 20,
});

function Where() {
  const { search } = useLocation();
  return <output aria-label="address">{search}</output>;
}

function show(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <AuditPage />
      <Where />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

const address = () => screen.getByRole('status', { name: 'address' }).textContent;
const asked = () => server.calls.map((call) => call.url);

describe('/support/audit', () => {
  it('reads its filters and page from the address, asks the api for them, links who and what to narrow them, and pages', async () => {
    server.answer(
      'GET /api/admin/audit?kind=role.grant&targetId=12&pageNumber=2&perPage=20',
      ok(pageOf([grant], 21, 2)),
    );
    const user = show('/support/audit?kind=role.grant&targetId=12&page=2');
    const row = (await screen.findByText('Joins the support team')).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      expect.stringMatching(/2026/),
      'grace@example.com',
      'role.grant',
      'user 12',
      'role: user → role: support',
      'Joins the support team',
      '203.0.113.9',
    ]);
    // the staff member and the target narrow the trail to them, within the filters, from the first page
    expect(within(row).getByRole('link', { name: 'grace@example.com' }).getAttribute('href')).toBe(
      '/support/audit?kind=role.grant&targetId=12&staffId=1',
    );
    expect(within(row).getByRole('link', { name: 'user 12' }).getAttribute('href')).toBe(
      '/support/audit?kind=role.grant&targetType=user&targetId=12',
    );

    // the first page of the same filters
    server.answer('GET /api/admin/audit?kind=role.grant&targetId=12&pageNumber=1&perPage=20', ok(pageOf([grant], 21)));
    await user.click(screen.getByTitle('1'));
    await waitFor(() => expect(address()).toBe('?kind=role.grant&targetId=12'));
    await waitFor(() =>
      expect(asked()).toContain('/api/admin/audit?kind=role.grant&targetId=12&pageNumber=1&perPage=20'),
    );
    expect((screen.getByLabelText('Kind') as HTMLInputElement).value).toBe('role.grant');
    expect((screen.getByLabelText('Target id') as HTMLInputElement).value).toBe('12');
  });

  it('puts the filters applied in the address, back on the first page, and Clear takes them out', async () => {
    server.answer('GET /api/admin/audit?kind=role.grant&pageNumber=2&perPage=20', ok(pageOf([grant], 21, 2)));
    server.answer('GET /api/admin/audit?kind=role.grant&staffId=1&pageNumber=1&perPage=20', ok(pageOf([grant])));
    server.answer('GET /api/admin/audit?pageNumber=1&perPage=20', ok(pageOf([grant])));
    const user = show('/support/audit?kind=role.grant&page=2');
    await screen.findByText('Joins the support team');

    await user.click(screen.getByLabelText('Staff id'));
    await user.paste('1');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(address()).toBe('?kind=role.grant&staffId=1'));
    await waitFor(() =>
      expect(asked()).toContain('/api/admin/audit?kind=role.grant&staffId=1&pageNumber=1&perPage=20'),
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(address()).toBe(''));
    await waitFor(() => expect(asked()).toContain('/api/admin/audit?pageNumber=1&perPage=20'));
    expect((screen.getByLabelText('Kind') as HTMLInputElement).value).toBe('');
  });

  it('downloads the CSV of the same filters, echoing the XSRF cookie as every call of a signed-in page does', async () => {
    server.answer('GET /api/admin/audit?kind=role.grant&pageNumber=1&perPage=20', ok(pageOf([grant])));
    const apiFetch = window.fetch;
    const csvFetch = jest.fn(async (_url: string, _init?: RequestInit) => ({
      ok: true,
      status: 200,
      headers: { get: (name: string) => (name === 'content-disposition' ? 'attachment; filename="audit.csv"' : null) },
      blob: async () => new Blob(['id,created_at\r\n'], { type: 'text/csv' }),
    }));
    window.fetch = ((url: string, init?: RequestInit) =>
      url.startsWith('/api/admin/audit.csv') ? csvFetch(url, init) : apiFetch(url, init)) as typeof fetch;
    const saved: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    document.cookie = 'XSRF-TOKEN=abc%20123';
    try {
      const user = show('/support/audit?kind=role.grant');
      await screen.findByText('Joins the support team');
      await user.click(screen.getByRole('button', { name: /Download CSV/ }));
      await waitFor(() => expect(saved).toEqual(['audit.csv blob:jsdom-preview']));
      expect(csvFetch).toHaveBeenCalledWith('/api/admin/audit.csv?kind=role.grant', {
        headers: { Accept: 'text/csv', 'X-XSRF-TOKEN': 'abc 123' },
        credentials: 'same-origin',
      });
    } finally {
      click.mockRestore();
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('says so when nothing matches the filters', async () => {
    server.answer('GET /api/admin/audit?targetType=order&pageNumber=1&perPage=20', ok(pageOf([])));
    show('/support/audit?targetType=order');
    expect(await screen.findByText('No staff action matches these filters')).toBeTruthy();
  });

  it('keeps only filters with words in them, and a page past the first', () => {
    const params = new URLSearchParams('kind=+&targetType=user&staffId=3&page=0&other=x');
    expect(readAuditParams(params)).toEqual({ filters: { targetType: 'user', staffId: '3' }, pageNumber: 1 });
    expect(auditParams({ kind: ' role.grant ', targetId: '' }, 3).toString()).toBe('kind=role.grant&page=3');
  });
});

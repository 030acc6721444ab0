/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Address, Category, Envelope } from '@swapstuff/contracts';
import { ListingStatus, messages, type Product } from '@swapstuff/contracts';
import { bus } from '@swapstuff/sdk';
import { fakeXhr, TestQueryProvider } from '@swapstuff/sdk/testing';
import UploadSheet from './UploadSheet';
import { decimalOnly, toListingInput, type ListingValues } from './ListingForm';

// Each case walks the whole sheet (category, photos, form, videos) through antd in jsdom: the video case took
// over 30 s in one CI run on a busy 2-core machine (the file 170 s), where it takes a few seconds alone.
jest.setTimeout(90_000);

const categories: Category[] = [
  { id: 1, name: 'Electronics', image: '', parent_id: null },
  { id: 11, name: 'Phones', image: '', parent_id: 1 },
  { id: 12, name: 'Cameras', image: '', parent_id: 1 },
  { id: 2, name: 'Fashion', image: '', parent_id: null },
  { id: 21, name: 'Shoes', image: '', parent_id: 2 },
];
const address: Address = {
  id: 7,
  street_1: '1 Congress Ave',
  street_2: null,
  formatted_street_1: '1 Congress Ave, Austin, Texas 73301',
  city: 'Austin',
  state: 'Texas',
  zip: '73301',
  country: 'United States',
  featured: 1,
  lat: null,
  lng: null,
};

const ok = <T,>(Content: T, Description = ''): Envelope<T> => ({ Success: true, Description, Content });

/** The api as the browser reaches it: categories and addresses by fetch. */
function stubFetch() {
  const fn = jest.fn(async (url: string) => ({
    ok: true,
    status: 200,
    json: async () => (url === '/api/user/address' ? ok({ address: [address] }) : ok({ categories })),
  }));
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fn });
}

/**
 * The result dialog by its title. Not by accessible name: under jest antd gives every component the id
 * "test-id", so the modal's aria-labelledby points at the drawer's title; and jsdom never finishes the
 * opening animation, so the dialog stays aria-hidden.
 */
async function resultDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog', { hidden: true })
      .find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderSheet(onClose = jest.fn(), product?: Product) {
  render(
    <MemoryRouter initialEntries={['/search']}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <UploadSheet onClose={onClose} product={product} />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return onClose;
}

/** A listing of the user's, as the edit form gets it. */
const listing = {
  id: 5,
  title: 'Road bike',
  description: 'Aluminium frame',
  status: ListingStatus.Active,
  sales_price: '250.00',
  city: 'Austin',
  state: 'Texas',
  zip: '73301',
  likes_count: '0',
  reports_count: 0,
  images: [{ id: 41, file_name: '/media/products/a.jpg', featured: 1, width: 800, height: 600 }],
  featured_image: { file_name: '/media/products/a.jpg' },
  videos: [],
  user: { id: 2, first_name: 'Ada', last_name: 'Lovelace', is_business: 0, businessName: null, avatar: null },
  category: { id: 11, name: 'Phones', parent_id: 1 },
  is_buyable: 0,
  condition: 'Used',
  address_id: 7,
  swap_product: null,
  productdimention: null,
  questions_count: 0,
  created_at: '2026-11-23T15:49:00.000Z',
} as unknown as Product;

/** The discard question, by its title (see resultDialog for why not by its name). */
const discardDialog = () => resultDialog('Discard your changes?');

/** Pasting is what a fast typist looks like to antd, and far quicker in jsdom than typing each key. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const photoInput = () => document.querySelector('input[type=file][accept*=".gif"]') as HTMLInputElement;

const photo = (name: string, type: string) => new File([new Uint8Array([1, 2, 3])], name, { type });

/**
 * Fills a valid listing (a photo, title, amount, description, condition) and waits for the default
 * address to be in place.
 */
async function fillListing(
  user: ReturnType<typeof userEvent.setup>,
  { amount = '250', description = 'Aluminium frame', condition = 'Used' } = {},
) {
  await user.upload(photoInput(), photo('bike.jpg', 'image/jpeg'));
  await fill(user, screen.getByLabelText('Title'), 'Road bike');
  await fill(user, screen.getByLabelText('Amount'), amount);
  await fill(user, screen.getByLabelText('Description'), description);
  await user.click(screen.getByRole('radio', { name: condition }));
  await waitFor(() => expect((screen.getByLabelText('Zip') as HTMLInputElement).value).toBe('73301'));
}

async function toForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Phones' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByText('Tell buyers about your item');
}

describe('the upload sheet', () => {
  beforeEach(stubFetch);

  it('needs a category before Continue; search narrows the list', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    const next = await screen.findByRole('button', { name: 'Continue' });
    expect(next).toHaveProperty('disabled', true);
    await fill(user, screen.getByLabelText('Search categories'), 'sho');
    expect(screen.queryByRole('radio', { name: 'Phones' })).toBeNull();
    expect(screen.getByRole('radio', { name: 'Shoes' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Shoes' }));
    expect(next).toHaveProperty('disabled', false);
  });

  it('shows the spec messages, the chosen category, and the default address', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    expect(screen.getByText('Phones')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('City') as HTMLInputElement).value).toBe('Austin'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(messages.imagesRequired)).toBeTruthy();
    expect(await screen.findByText(messages.titleRequired)).toBeTruthy();
    expect(await screen.findByText(messages.priceRequired)).toBeTruthy();
    await fill(user, screen.getByLabelText('Amount'), '0.5');
    expect(await screen.findByText(messages.priceMin)).toBeTruthy();
  });

  it('asks for dimensions while buyable and clears them when the toggle goes off', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    expect(screen.queryByLabelText('Height (in)')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Allow Buyer To purchase' }));
    await fill(user, await screen.findByLabelText('Height (in)'), '200');
    expect(await screen.findByText(messages.heightRange)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Allow Buyer To purchase' }));
    await waitFor(() => expect(screen.queryByText(messages.heightRange)).toBeNull());
    await user.click(screen.getByRole('switch', { name: 'Allow Buyer To purchase' }));
    expect(((await screen.findByLabelText('Height (in)')) as HTMLInputElement).value).toBe('');
  });

  it('refuses a .bmp and a sixth photo with the spec toasts', async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0, applyAccept: false });
    renderSheet();
    await toForm(user);
    await user.upload(photoInput(), photo('scan.bmp', 'image/bmp'));
    // rc-upload renders a new input after each pick
    await user.upload(
      photoInput(),
      Array.from({ length: 6 }, (_, i) => photo(`p${i}.jpg`, 'image/jpeg')),
    );
    off();
    await waitFor(() => expect(toasts).toEqual([messages.imageType, messages.imagesMax]));
    await waitFor(() => expect(document.querySelectorAll('.ant-upload-list-item-container')).toHaveLength(5));
  });

  it('uploads with progress, then OK goes home', async () => {
    let finish = () => {};
    const held = new Promise<void>((resolve) => (finish = resolve));
    const { sent } = fakeXhr({ status: 201, body: ok({ product: { id: 5 } }, messages.productUploaded), held });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onClose = renderSheet();
    await toForm(user);
    await fillListing(user, { amount: '$250.5x' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    // a quarter of the body is sent: the bar says so, and Back waits for the upload
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByRole('button', { name: 'Back' })).toHaveProperty('disabled', true);
    act(() => finish());

    const dialog = await resultDialog('Success');
    expect(within(dialog).getByText(messages.productUploaded)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/api/insert/product');
    const body = sent[0].body;
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      category: '1',
      subCategory: '11',
      title: 'Road bike',
      price: '250.5',
      description: 'Aluminium frame',
      condition: 'Used',
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      addressId: '7',
      is_buyable: '0',
      // a swap-only listing says what it would be swapped for (nothing here) and takes cash offers
      swapProduct: '',
      openForOffer: '1',
    });
    expect((body.get('images[0]') as File).name).toBe('bike.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK', hidden: true }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('adds videos through the video step, and sends them with the listing', async () => {
    const { sent } = fakeXhr({ status: 201, body: ok({ product: { id: 5 } }, messages.productUploaded) });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    await fillListing(user);

    await user.click(screen.getByRole('button', { name: 'Add videos' }));
    const videoInput = await waitFor(() => {
      const found = document.querySelector('input[type=file][aria-label="Video files"]');
      if (!found) throw new Error('no video step');
      return found as HTMLInputElement;
    });
    fireEvent.change(videoInput, {
      target: { files: [new File([new Uint8Array([1])], 'ride.mp4', { type: 'video/mp4' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to listing', hidden: true }));
    expect(await screen.findByText('ride.mp4')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await resultDialog('Success');
    expect((sent[0].body.get('videos[0]') as File).name).toBe('ride.mp4');
  });

  it('sends what a swap-only listing would be swapped for', async () => {
    const { sent } = fakeXhr({ status: 201, body: ok({ product: { id: 5 } }, messages.productUploaded) });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    await fillListing(user);
    await fill(user, screen.getByLabelText('In your words (optional)'), 'A film camera');
    await user.click(screen.getByRole('combobox', { name: 'Swap categories' }));
    await user.click(await screen.findByTitle('Fashion'));
    await user.click(screen.getByRole('switch', { name: 'Open to offers with cash' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await resultDialog('Success');
    const body = sent[0].body;
    expect([body.get('swapProduct'), body.get('swapCategories[0]'), body.get('openForOffer')]).toEqual([
      'A film camera',
      '2',
      '0',
    ]);
  });

  it('shows an upload error in the Error dialog with the server Description, and keeps the form', async () => {
    fakeXhr({ status: 415, body: { Success: false, Description: messages.imageType, Content: null } });
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    await fillListing(user, { amount: '25', description: 'Frame', condition: 'New' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await resultDialog('Error');
    expect(within(dialog).getByText(messages.imageType)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK', hidden: true }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Road bike');
  });
});

describe('leaving the sheet', () => {
  beforeEach(stubFetch);

  it('keeps what was typed when the user goes back to the category step and on again', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    renderSheet();
    await toForm(user);
    await fill(user, screen.getByLabelText('Title'), 'Road bike');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByText('Tell buyers about your item');
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Road bike');
  });

  it('asks before an edit is discarded, and keeps editing on "Keep editing"', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onClose = renderSheet(jest.fn(), listing);
    await fill(user, await screen.findByLabelText('Title'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const ask = await discardDialog();
    fireEvent.click(within(ask).getByRole('button', { name: 'Keep editing', hidden: true }));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Road bike 2');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Discard', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes an untouched edit at once', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const untouched = renderSheet(jest.fn(), listing);
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(untouched).toHaveBeenCalledTimes(1);
  });

  it('asks before the sheet closes over a new listing’s draft', async () => {
    const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
    const onClose = renderSheet();
    await toForm(user);
    await fill(user, screen.getByLabelText('Title'), 'Road bike');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(await discardDialog()).getByRole('button', { name: 'Discard', hidden: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('the listing body', () => {
  it('keeps only digits and one point in numeric inputs', () => {
    expect(decimalOnly('$1,250.50.7')).toBe('1250.507');
    expect(decimalOnly('abc')).toBe('');
  });

  it('names kept photos by id and sends dimensions only for buyable listings', () => {
    const values = {
      title: 'Lamp',
      price: '10',
      description: 'Brass',
      condition: 'New',
      addressId: 3,
      city: 'Dallas',
      state: 'Texas',
      zip: '75201',
      is_buyable: true,
      length: '10',
      width: '5',
      height: '20',
      pounds: '0',
      ounces: '8',
      images: [
        { uid: 'existing-41', name: 'Photo 1', url: '/media/products/a.jpg' },
        { uid: 'rc-1', name: 'new.png', originFileObj: photo('new.png', 'image/png') },
      ],
      videos: [],
    } as unknown as ListingValues;
    const body = toListingInput(values, { id: 2, name: 'Fashion', parent_id: null }, 99);
    expect(body.productId).toBe('99');
    expect(body.category).toBe('2');
    expect(body.subCategory).toBeUndefined();
    expect(body.existingImages).toEqual([41]);
    expect(body.images?.map((file) => (file as File).name)).toEqual(['new.png']);
    expect([body.height, body.ounces, body.sizeUnit]).toEqual(['20', '8', 'inches']);
    // a buyable listing is bought at its price: no swap wishes
    expect(body).not.toHaveProperty('swapProduct');
    expect(body).not.toHaveProperty('swapCategories');
    const swapOnly = toListingInput({ ...values, is_buyable: false }, { id: 21, name: 'Shoes', parent_id: 2 });
    expect(swapOnly).not.toHaveProperty('height');
    expect(swapOnly.subCategory).toBe('21');
    expect(swapOnly.productId).toBeUndefined();
  });
});

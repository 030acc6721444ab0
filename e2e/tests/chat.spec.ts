import { test, expect } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { chatMessages, safetyMessages } from '@swapstuff/contracts';
import { signIn } from '../support/catalog';
import { sellerWithListing } from '../support/listings';
import { photos } from '../support/photos';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 16, acceptance 1, in two browsers: a buyer (Grace) messages a seller (Ada) about her listing; Ada sees
 * her chat badge rise and the message arrive without a reload, replies with a photo; Grace sees Ada typing and
 * her read receipt; a message with a phone number and "pay me outside" carries the warning on both sides; Ada
 * blocks Grace from the conversation's menu and Grace's next message is refused with the reason.
 */

test('two members chat about a listing, live, with a photo, receipts, the safety warning and a block', async ({
  page: grace,
  browser,
}) => {
  // two browsers chatting: about 43 s on one core of a slow machine
  test.setTimeout(150_000);
  const title = `Teak bench ${randomBytes(3).toString('hex')}`;
  const { seller, listingId } = await sellerWithListing(title);
  const buyer = { ...newUser(), firstName: 'Grace', lastName: 'Hopper' };
  await registerViaApi(grace.request, buyer);
  await signIn(grace, buyer);

  // Ada, the seller, in a browser of her own, waiting on her (empty) chat page
  const adaContext = await browser.newContext({ baseURL });
  const ada = await adaContext.newPage();
  await signIn(ada, seller);
  await ada.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(ada.getByText('No conversations yet')).toBeVisible();

  // Grace: Message seller on the item page starts the conversation about it
  await grace.goto(`/item-detail/${listingId}`);
  await grace.getByRole('link', { name: 'Message seller' }).click();
  await expect(grace).toHaveURL(/\/chat\?product=\d+$/);
  await expect(grace.getByText(/Say hello/)).toBeVisible();
  const graceBox = grace.getByRole('textbox', { name: 'Message' });
  await graceBox.fill('Hi! Is the bench still available?');
  await graceBox.press('Enter');
  await expect(grace).toHaveURL(/\/chat\?chat=\d+$/);

  // Ada: the badge rises and the conversation appears, no reload
  await expect(ada.getByRole('link', { name: 'Chat, 1 unread' })).toBeVisible();
  await ada.getByRole('link', { name: 'Grace H., 1 unread' }).click();
  const adaMessages = ada.getByRole('list', { name: 'Messages' });
  await expect(adaMessages.getByText('Hi! Is the bench still available?')).toBeVisible();
  await expect(ada.getByText(`About ${title}`)).toBeVisible();
  await expect(ada.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();

  // Grace: Ada has read it ("Seen"); her next message arrives in Ada's open conversation as it is sent
  const graceMessages = grace.getByRole('list', { name: 'Messages' });
  await expect(graceMessages.getByText(/Seen/)).toBeVisible();
  await graceBox.fill('Could you send a photo of the legs?');
  await graceBox.press('Enter');
  await expect(adaMessages.getByText('Could you send a photo of the legs?')).toBeVisible();

  // Ada types (Grace sees it), then answers with a photo and a line
  const adaBox = ada.getByRole('textbox', { name: 'Message' });
  await adaBox.pressSequentially('Here', { delay: 50 });
  await expect(grace.getByText('Ada L. is typing…')).toBeVisible();
  const { jpeg } = await photos();
  await ada.getByTestId('chat-photo-input').setInputFiles(jpeg);
  await expect(ada.getByRole('img', { name: 'Photo to send' })).toBeVisible();
  await adaBox.fill('Here they are, solid teak.');
  await ada.getByRole('button', { name: 'Send' }).click();
  const photoReceived = graceMessages.getByTestId('chat-message').filter({ hasText: 'Here they are, solid teak.' });
  await expect(photoReceived.locator('img')).toBeVisible();
  // visible comes before loaded: the element is laid out from its declared size while the photo still downloads
  await expect(photoReceived.locator('img')).toHaveJSProperty('naturalWidth', 800);
  await expect(grace.getByText('Ada L. is typing…')).toHaveCount(0);
  // Grace read it as it came: Ada's receipt
  await expect(adaMessages.getByTestId('chat-message').last().getByText(/Seen/)).toBeVisible();

  // a message that asks to pay off the platform: both see the warning beside it
  await graceBox.fill('Call me at 555-123-4567 and pay me outside, cheaper for both');
  await graceBox.press('Enter');
  for (const side of [graceMessages, adaMessages])
    await expect(
      side.getByTestId('chat-message').filter({ hasText: '555-123-4567' }).getByText(chatMessages.offPlatformWarning),
    ).toBeVisible();

  // Ada blocks Grace from the conversation's menu; Grace's next message is refused, with the reason
  await ada.getByRole('button', { name: 'Conversation actions for Grace H.' }).click();
  await ada.getByRole('menuitem', { name: 'Block User' }).click();
  const confirm = ada.getByRole('dialog', { name: 'Block Grace H.?' });
  await confirm.getByRole('button', { name: 'Block User' }).click();
  await expect(ada.getByText(safetyMessages.blocked)).toBeVisible();

  await graceBox.fill('Hello? Still there?');
  await graceBox.press('Enter');
  await expect(grace.getByRole('alert').filter({ hasText: 'Not sent' })).toHaveText(
    new RegExp(`Not sent: ${safetyMessages.blockedBetween}`),
  );
  await expect(adaMessages.getByText('Hello? Still there?')).toHaveCount(0);
  await adaContext.close();
});

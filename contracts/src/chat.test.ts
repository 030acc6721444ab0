import { offPlatformSignals } from './chat';

/** The off-platform rules with examples: what warns, and ordinary messages that must not. */
describe('offPlatformSignals', () => {
  it.each([
    ['Call me at 555-123-4567', ['phone']],
    ['my number is (555) 123 4567', ['phone']],
    ['text +1 555.123.4567 tonight', ['phone']],
    ['5551234567', ['phone']],
    ['write to ada.l+swap@example.co.uk', ['email']],
    ['Can you Venmo me?', ['payment-app']],
    ['I take Cash App or zelle', ['payment-app']],
    ['paypal friends and family works', ['payment-app']],
    ['add me on WhatsApp', ['payment-app']],
    ['pay me outside and I knock off $20', ['pay-outside']],
    ["Let's deal directly, it's cheaper", ['pay-outside']],
    ['we can talk off the app', ['pay-outside']],
    ['Payment off-platform only', ['pay-outside']],
    ['555-123-4567, pay me outside', ['phone', 'pay-outside']],
  ])('%s → %j', (text, signals) => {
    expect(offPlatformSignals(text)).toEqual(signals);
  });

  it.each([
    'Is it still available?',
    'Would you take $1200 for it?',
    'I paid 30 dollars for it in 2019',
    'Outside dimensions are 30 x 40 x 12 inches',
    'Model number 4471-22',
    'Can you ship it to 90210?',
    'I can pay through the app today',
    'Pick up at 10:30 tomorrow?',
    'Order #123456789 arrived',
    'The serial is 12345678901234',
  ])('%s → nothing', (text) => {
    expect(offPlatformSignals(text)).toEqual([]);
  });
});

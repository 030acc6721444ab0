import { messages, partyName } from '@swapstuff/contracts';
import { ApiError } from '@swapstuff/sdk';
import { errorText, formatDollars } from './format';

describe('formatDollars', () => {
  it.each([
    [8.35, '$8.35'],
    [18.7, '$18.70'],
    [40, '$40.00'],
    [0.1 + 0.2, '$0.30'],
    [1250.5, '$1,250.50'],
    [0, '$0.00'],
    [1e-7, '$0.00'],
    [-2.5, '-$2.50'],
  ])('%s reads %s', (value, text) => {
    expect(formatDollars(value)).toBe(text);
  });

  it('writes no number it cannot read', () => {
    expect(formatDollars(NaN)).toBe('—');
    expect(formatDollars(Infinity)).toBe('—');
  });
});

it('names a party by first name and last initial', () => {
  expect(partyName({ first_name: 'Ada', last_name: 'lovelace', is_business: 1 })).toBe('Ada L.');
  expect(partyName({ first_name: 'Ada', last_name: '', is_business: 0 })).toBe('Ada');
});

it('reads an ApiError’s words, and nothing technical from other errors', () => {
  expect(errorText(new ApiError(409, { Success: false, Description: 'Already rated', Content: null }))).toBe(
    'Already rated',
  );
  expect(errorText(new TypeError('Failed to fetch'))).toBe(messages.genericError);
});

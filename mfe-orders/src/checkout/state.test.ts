/** @jest-environment jsdom */
import { clearChoices, pickChosen, readChoices, writeChoices } from './state';

interface Item {
  id: number;
  main: boolean;
  ok?: boolean;
}
const items: Item[] = [
  { id: 1, main: false },
  { id: 2, main: true },
  { id: 3, main: false, ok: false },
];
const pick = (chosen?: number, known?: number[]) =>
  pickChosen(
    items,
    (i) => i.id,
    (i) => i.main,
    chosen,
    known,
    (i) => i.ok !== false,
  )?.id;

describe('the checkout’s choices', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('are kept per listing in the tab’s storage, and cleared', () => {
    writeChoices('5', { addressId: 11, cardId: 'pm_1' });
    expect(readChoices('5')).toEqual({ addressId: 11, cardId: 'pm_1' });
    expect(readChoices('6')).toEqual({});
    clearChoices('5');
    expect(readChoices('5')).toEqual({});
  });

  it('read nothing from what is not theirs', () => {
    window.sessionStorage.setItem('swapstuff:checkout:5', '{not json');
    expect(readChoices('5')).toEqual({});
    window.sessionStorage.setItem('swapstuff:checkout:5', '[1]');
    expect(readChoices('5')).toEqual({});
  });

  it('show the one added since the user left to add one, else the chosen, else the default, else the first', () => {
    expect(pick(1, [1, 3])).toBe(2);
    expect(pick(1)).toBe(1);
    expect(pick(99)).toBe(2);
    expect(pick()).toBe(2);
    // one that cannot be used is never shown chosen
    expect(pick(3)).toBe(2);
    expect(
      pickChosen(
        [{ id: 1 }],
        (i) => i.id,
        () => false,
        undefined,
        undefined,
      )?.id,
    ).toBe(1);
    expect(
      pickChosen(
        [],
        (i: Item) => i.id,
        () => true,
        1,
        undefined,
      ),
    ).toBeUndefined();
  });
});

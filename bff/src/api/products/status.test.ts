import { ListingStatus } from '@swapstuff/contracts';
import { canMove, LISTING_MOVES } from './status';

const { InTrade, Active, InProcess, Swapped, Disputed, Deleted } = ListingStatus;

describe('listing status moves (spec section 4)', () => {
  it.each([
    [Active, InTrade],
    [Active, InProcess],
    [Active, Deleted],
    [InTrade, Active],
    [InTrade, Swapped],
    [InProcess, Swapped],
    [Disputed, Active],
    [Disputed, Swapped],
  ])('allows %i → %i', (from, to) => {
    expect(canMove(from, to)).toBe(true);
  });

  it.each([
    [Deleted, Active],
    [Swapped, Active],
    [Swapped, Deleted],
    [InTrade, Deleted],
    [InProcess, Deleted],
    [Active, Swapped],
    [Active, Active],
  ])('refuses %i → %i', (from, to) => {
    expect(canMove(from, to)).toBe(false);
  });

  it('ends nowhere after Swapped or Deleted', () => {
    expect(LISTING_MOVES[Swapped]).toEqual([]);
    expect(LISTING_MOVES[Deleted]).toEqual([]);
  });
});

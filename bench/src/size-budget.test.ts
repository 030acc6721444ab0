import { checkSizeBudget, readSizeBudget, type SizeBudget, type SizeMeasurement } from './size-budget';

const budget: SizeBudget = readSizeBudget();
const KB = 1024;

/** A page that fits: 10 files of 20 KB, a 100 KB shell start, remote entries of 10 KB. */
const withinBudget: SizeMeasurement = {
  pageJs: Array.from({ length: 10 }, (_, i) => ({ name: `/chunk-${i}.js`, bytes: 20 * KB })),
  shellInitialJs: 100 * KB,
  remoteEntryGz: { mfe_catalog: 10 * KB, mfe_swaps: 10 * KB },
};

const failed = (measured: SizeMeasurement) =>
  checkSizeBudget(measured, budget)
    .filter((v) => !v.ok)
    .map((v) => v.what);

describe('the size budget (bench/size-budget.json)', () => {
  it('holds the limits of issue 11', () => {
    expect(budget.kb).toEqual({ pageJs: 300, largestJsFile: 120, remoteEntryGz: 12, shellInitialJs: 150 });
  });

  it('passes a page within every budget', () => {
    expect(failed(withinBudget)).toEqual([]);
  });

  it('fails when the JS for / exceeds 300 KB compressed', () => {
    const tooMuch = { ...withinBudget, pageJs: [...withinBudget.pageJs, { name: '/more.js', bytes: 101 * KB }] };
    expect(failed(tooMuch)).toEqual(['all JS for / (11 files, as sent)']);
  });

  it('fails when one file for / exceeds 120 KB compressed, even if the total fits', () => {
    const oneBig = { ...withinBudget, pageJs: [{ name: '/antd.js', bytes: 121 * KB }] };
    expect(failed(oneBig)).toEqual(['largest JS file for / (/antd.js, as sent)']);
  });

  it('fails when a remote entry exceeds 12 KB gz', () => {
    const bigEntry = { ...withinBudget, remoteEntryGz: { ...withinBudget.remoteEntryGz, mfe_orders: 28 * KB } };
    expect(failed(bigEntry)).toEqual(['mfe_orders remoteEntry.js (gzip)']);
  });

  it('fails when the shell fetches more than 150 KB before asking for the remotes', () => {
    expect(failed({ ...withinBudget, shellInitialJs: 151 * KB })).toEqual([
      "shell initial JS (before the route's remote, as sent)",
    ]);
  });

  it('fails a measurement that found nothing, rather than passing it as small', () => {
    expect(failed({ pageJs: [], shellInitialJs: 0, remoteEntryGz: {} })).toHaveLength(4);
  });
});

import { test, expect } from '@playwright/test';
import { jsAsSent, shellInitialAsSent } from '@swapstuff/bench/dist/browser';
import { checkSizeBudget, describeVerdicts, readSizeBudget } from '@swapstuff/bench/dist/size-budget';
import { remoteEntryGzBytes } from '@swapstuff/bench/dist/sizes';
import { repoRoot } from '../servers';

// The size budgets of issue 11 (bench/size-budget.json) on the built site: what Chromium downloads for /,
// compressed as the gateway sends it, and each registered remote's remoteEntry.js in gzip.
test('the JS for / and every remote entry stay within the size budget', async ({ page, request }) => {
  const files = await jsAsSent(page, '/');
  const registry = (await (await request.get('/mf/remotes.json')).json()) as Record<string, { version: string }>;

  const verdicts = checkSizeBudget(
    {
      pageJs: files,
      shellInitialJs: await shellInitialAsSent(await page.context().newPage(), '/'),
      remoteEntryGz: remoteEntryGzBytes(repoRoot, registry),
    },
    readSizeBudget(),
  );
  console.log(describeVerdicts(verdicts));
  // every script came compressed, but those under 1 KB, which the build does not compress
  // (build/precompress.js): a plain one would mean the build's .br/.gz copies are not served
  const plain = files
    .filter((file) => file.bytes >= 1024 && file.encoding !== 'br' && file.encoding !== 'gzip')
    .map((file) => file.name);
  expect(plain, 'JS sent without compression').toEqual([]);
  expect(
    verdicts.filter((v) => !v.ok),
    describeVerdicts(verdicts),
  ).toEqual([]);
});

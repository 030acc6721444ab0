import { test, expect } from '@playwright/test';
import { listViaApi } from '../support/listings';

/**
 * A card's photo declares how wide it is drawn (`sizes` on its <source>s, ListingCard.tsx), so that the
 * browser fetches the narrowest copy that is sharp: at the widths of phones, tablets and desktops, and on
 * each side of every column change, the width the rule declares is never more than the drawn one (a bigger
 * download than needed) and at most 3 px less (a blurred photo).
 */
const WIDTHS = [360, 412, 575, 576, 753, 754, 999, 1000, 1199, 1200, 1440];

test.beforeAll(async () => {
  await listViaApi('Card photo sized to its slot');
});

test("a card's photo declares the width it is drawn at, on every screen", async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('picture source[sizes]').first()).toBeAttached();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const { declared, drawn } = await page.evaluate(() => {
      const source = document.querySelector('picture source[sizes]')!;
      const img = source.parentElement!.querySelector('img')!;
      // the first rule whose media condition holds, or the last one (no condition)
      const rules = source
        .getAttribute('sizes')!
        .split(/,(?![^(]*\))/)
        .map((rule) => rule.trim());
      const length = rules
        .map((rule) => /^(\(.*\))\s+(\S.*)$/.exec(rule) ?? [rule, '', rule])
        .find(([, media]) => !media || matchMedia(media).matches)![2];
      const probe = document.createElement('div');
      probe.style.width = length;
      document.body.append(probe);
      const declaredWidth = probe.getBoundingClientRect().width;
      probe.remove();
      return { declared: declaredWidth, drawn: img.getBoundingClientRect().width };
    });
    expect(declared, `at ${width} px`).toBeLessThanOrEqual(drawn + 0.5);
    expect(drawn - declared, `at ${width} px`).toBeLessThanOrEqual(3.5);
  }
});

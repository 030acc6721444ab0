import type { ThemeConfig } from 'antd';

/**
 * The one antd theme of the site (the shell provides it; a remote's standalone page reuses it): a calm
 * teal-green brand, rounded, readable at 375 px. Every text colour meets WCAG AA contrast (4.5:1): white
 * on the brand, and secondary text darker than antd's default 45 % black.
 */
export const BRAND = '#0d7d70';

/** A user who asks their system for less motion gets none from antd: drawers and dialogs appear at once. */
const prefersReducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export const theme: ThemeConfig = {
  cssVar: { key: 'swapstuff' },
  // No hash of the tokens in antd's class names: the tokens live in CSS variables (cssVar), and the page has
  // one antd and one theme. A page rendered on the server (with motion) is then taken over by a browser that
  // wants none with the same classes; only the variables' values differ.
  hashed: false,
  token: {
    motion: !prefersReducedMotion,
    colorPrimary: BRAND,
    colorInfo: BRAND,
    colorSuccess: '#2f9e44',
    // antd's #ff4d4f is 3.3:1 on white: a Delete button's text and a field's error read at 5.6:1 in this one
    colorError: '#c92a2a',
    colorLink: '#0b7065',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', bodyBg: '#f6f8f7', footerBg: '#0d2b28', headerPadding: '0 16px', headerHeight: 64 },
    Tabs: { horizontalMargin: '0' },
    // its labels are the tertiary text (0.45: 2.8:1 on white); the secondary text's 0.65 reads at 5.7:1
    Descriptions: { labelColor: 'rgba(0, 0, 0, 0.65)' },
  },
};

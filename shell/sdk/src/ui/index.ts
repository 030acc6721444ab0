import { lazy } from 'react';

// `@swapstuff/sdk/ui`: the antd UI kit, a federation singleton of its own. Its modules reach the core
// by package name (`@swapstuff/sdk`), never by a relative path, so the page keeps one bus and one store.
// visually hidden, still read aloud: the loading states' words and labels of every remote
export { srOnly } from './a11y';
// the 72 hours' and the inspection's ticking countdowns of the swaps' and the orders' cards, written once
export { Countdown, type CountdownProps } from './Countdown';
// Block User's question, asked from a seller card (catalog) and a conversation (account): fetched when first
// shown, so that antd's Modal is no part of every page that uses this kit
export const BlockUserDialog = lazy(() => import('./BlockUserDialog').then((m) => ({ default: m.BlockUserDialog })));
export type { BlockUserDialogProps } from './BlockUserDialog';
export { DeclaredRoutes, type DeclaredRoutesProps } from './DeclaredRoutes';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { FallbackImage, PLACEHOLDER_IMAGE, type FallbackImageProps } from './FallbackImage';
export { LoadError, type LoadErrorProps } from './LoadError';
export { LocalDateTime } from './LocalDateTime';
export { PageFrame, type PageFrameProps } from './PageFrame';
export { PageNotFound } from './PageNotFound';
export { theme, BRAND } from './theme';
export { mountStandalone } from './mountStandalone';

import { largestPhotoSettled } from './largestPhoto';

// The async boundary: shared singletons are negotiated before any app code runs (never eager). A visitor's
// first view gets its largest photo before the app's scripts (largestPhoto.ts).
void largestPhotoSettled().then(() => import('./bootstrap'));

// `@swapstuff/sdk/testing`: helpers for the front ends' unit tests (jsdom). Never imported by app code,
// so never built into a bundle nor shared.
export { fakeXhr, type XhrReply, type XhrRequest } from './fakeXhr';
export { TestQueryProvider } from './TestQueryProvider';
export { recordToasts } from './recordToasts';
export { testProduct } from './products';
export { testUser } from './users';
export { testAddress, testCard } from './wallet';
export { fakeFetch, ok, refused, type FakeFetch, type FetchCall, type FetchReply } from './fakeFetch';
// what the api's socket.io server would send: delivered to the page's realtime listeners
export { deliverLocally as deliverRealtime, connectedLocally as realtimeConnected } from '../realtime';

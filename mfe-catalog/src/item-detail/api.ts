import { endpoints } from '@swapstuff/contracts';
import { useEndpointQuery } from '@swapstuff/sdk/query';

/** The listing as its page shows it. */
export const useProduct = (id: string) =>
  useEndpointQuery(endpoints.product, { id }, { select: (content) => content.product });

/** Whether the viewer reported the listing before (spec section 6: Report is hidden then); asked only when `ask`. */
export const useAlreadyReported = (productId: number, ask: boolean) =>
  useEndpointQuery(
    endpoints.reportState,
    { id: productId },
    { enabled: ask, select: (content) => content.already_reported !== 0 },
  );

import { endpoints } from '@swapstuff/contracts';
import { useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

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

/** The reasons to report a listing (/api/reasons/1). */
export const useListingReportReasons = () => useEndpointQuery(endpoints.reportReasons, { id: '1' });

/** Reports a listing; whether it is reported is read again (a 409 says it was already). */
export const useReport = () => useEndpointMutation(endpoints.report, { invalidates: [endpoints.reportState] });

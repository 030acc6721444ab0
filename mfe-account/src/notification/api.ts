import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints, type NotificationPage } from '@swapstuff/contracts';
import { api, useSession } from '@swapstuff/sdk';
import { endpointKey, useApiMutation, useEndpointMutation, useEndpointQuery } from '@swapstuff/sdk/query';

export const notificationsKey = endpointKey(endpoints.notificationList);

/** The user's notifications, newest first, a page at a time ("Show older" asks for the next). */
export const useNotifications = () =>
  useInfiniteQuery({
    queryKey: notificationsKey,
    queryFn: ({ pageParam, signal }): Promise<NotificationPage> =>
      api.call(endpoints.notificationList, pageParam ? { before: pageParam } : {}, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.notifications.at(-1)?.id : undefined),
  });

/**
 * Reads one notification (by id) or all of them (no id): the list reads again and the bell takes the count the
 * api answers (the user's other tabs hear it over the live connection).
 */
export const useMarkRead = () => {
  const client = useQueryClient();
  return useApiMutation({
    mutationFn: (id?: number) =>
      id === undefined ? api.call(endpoints.notificationReadAll) : api.call(endpoints.notificationRead, { id }),
    onSuccess: ({ unread_count }) => {
      useSession.getState().setUnreadCounts({ notifications: unread_count });
      void client.invalidateQueries({ queryKey: notificationsKey });
    },
  });
};

/** Which important events also come by e-mail. */
export const useNotificationSettings = () => useEndpointQuery(endpoints.notificationSettings);

export const useSaveNotificationSettings = () =>
  useEndpointMutation(endpoints.saveNotificationSettings, { invalidates: [endpoints.notificationSettings] });

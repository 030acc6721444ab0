import { create } from 'zustand';
import { persist, createJSONStorage } from 'zustand/middleware';
import type { Address, AddressListContent, User } from '@swapstuff/contracts';

/** The signed-in user as the front ends need it (spec section 3, "Session store"). */
export interface Profile {
  userId: number;
  customerId: string | null;
  userAvatar: string | null;
  userEmail: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isBusiness: boolean;
  role: User['role'];
}

export interface SessionState {
  profile: Profile | null;
  /**
   * Always null in the browser: the gateway keeps the bearer token in the server-side session
   * (docs/decisions.md). The field is kept so the persisted shape is the spec's, version 1.
   */
  token: string | null;
  /** the default address (spec section 3), or null while the user has none */
  address: Address | null;
  /** set when the api answers 401 "407"; the shell then ends the session */
  clearSession: boolean;
  home: { layout: 'grid' | 'list' };
  chat: { unreadCount: number; activeChatId: number | null };
  notifications: { unreadCount: number };
  pushToken: string | null;
  productSearchKeyword: string;

  signIn(user: User): void;
  setProfile(user: User): void;
  reset(): void;
  setClearSession(value: boolean): void;
  setSearchKeyword(keyword: string): void;
  setHomeLayout(layout: 'grid' | 'list'): void;
  setUnreadCounts(counts: { chat?: number; notifications?: number }): void;
  /** the conversation the chat page shows (null: none): its messages, read as they come, raise no badge */
  setActiveChat(chatId: number | null): void;
  /** takes the default out of the address book as the api answers it */
  setAddressBook(book: AddressListContent): void;
  /** this browser's web push subscription, once the user turned notifications on (sent at logout) */
  setPushToken(pushToken: string | null): void;
}

export const STORE_KEY = 'swapstuff-session';
export const STORE_VERSION = 1;

const initial = {
  profile: null,
  token: null,
  address: null,
  clearSession: false,
  home: { layout: 'grid' as const },
  chat: { unreadCount: 0, activeChatId: null },
  notifications: { unreadCount: 0 },
  pushToken: null,
  productSearchKeyword: '',
};

export function toProfile(user: User): Profile {
  return {
    userId: user.id,
    customerId: user.customer_id,
    userAvatar: user.avatar,
    userEmail: user.email,
    firstName: user.is_business ? (user.businessName ?? user.first_name) : user.first_name,
    lastName: user.is_business ? '' : user.last_name,
    phone: user.phone_no,
    isBusiness: user.is_business === 1,
    role: user.role,
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      ...initial,
      signIn: (user) => set({ profile: toProfile(user), clearSession: false }),
      setProfile: (user) => set({ profile: toProfile(user) }),
      reset: () => set({ ...initial }),
      setClearSession: (clearSession) => set({ clearSession }),
      setSearchKeyword: (productSearchKeyword) => set({ productSearchKeyword }),
      setHomeLayout: (layout) => set({ home: { layout } }),
      setUnreadCounts: ({ chat, notifications }) =>
        set((s) => ({
          chat: { ...s.chat, unreadCount: chat ?? s.chat.unreadCount },
          notifications: { unreadCount: notifications ?? s.notifications.unreadCount },
        })),
      setActiveChat: (activeChatId) => set((s) => ({ chat: { ...s.chat, activeChatId } })),
      setAddressBook: (book) => set({ address: book.address.find((a) => a.featured === 1) ?? null }),
      setPushToken: (pushToken) => set({ pushToken }),
    }),
    {
      name: STORE_KEY,
      version: STORE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ profile, token, address, home, pushToken, productSearchKeyword }) => ({
        profile,
        token,
        address,
        home,
        pushToken,
        productSearchKeyword,
      }),
    },
  ),
);

export const useIsSignedIn = () => useSession((s) => s.profile !== null);

import type { PlatformApi, RequestOf, ResponseOf } from "@platform/api-client";
import { StorageKey } from "@platform/domain";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { failed, succeeded } from "../../../app/mutation-events";
import type { MutationEvents } from "../../../app/mutation-events";
import { patchProfile } from "../../../app/session/queries";
import { useApi } from "../../../app/useApi";

/**
 * The account screens' own server state under one key root (the profile they change is the
 * session's, app/session/queries: a change shows in the 'my' panel too).
 */
export const accountKeys = {
  all: ["account"] as const,
  logoffCheck: () => [...accountKeys.all, "logoffCheck"] as const,
  /** Dropped with the rest of the cache when the account changes. */
  identityCard: () => [...accountKeys.all, "identityCard"] as const,
};

/** What deleting the account would lose, and whether unfinished orders hold it back. */
export function logoffCheckQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: accountKeys.logoffCheck(),
    queryFn: ({ signal }) => api.user.logoffCheck({}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * The signed-in person's identity card (made on first ask): its QR content signs in as them, so
 * it is asked again on each visit and not kept once the screen is left.
 */
export function identityCardQueryOptions(api: PlatformApi) {
  return queryOptions({
    queryKey: accountKeys.identityCard(),
    queryFn: ({ signal }) => api.user.identityCard({}, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
}

type IdentityCard = ResponseOf<"user.identityCard">;

/** A new identity card (the old one stops working at once): the screen shows the one answered. */
export function useRegenerateIdCardMutation(on: MutationEvents<IdentityCard> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.user.identityCard({ regenerate: true }),
    onSuccess: async (card) => {
      queryClient.setQueryData(accountKeys.identityCard(), card);
      await succeeded(on, card, undefined);
    },
    onError: (error) => failed(on, error, undefined),
  });
}

/**
 * Deleting the account with the SMS code. Deleted, `on.onSuccess` ends the session and leaves;
 * then nothing cached is kept. Refused (a wrong code, an order started meanwhile), what holds the
 * deletion back is read again.
 */
export function useLogoffMutation(on: MutationEvents<unknown, string> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.user.logoff({ agreementAccepted: true, code }),
    onSuccess: (answer, code) =>
      succeeded(on, answer, code, () => {
        queryClient.clear();
      }),
    onError: (error, code) =>
      failed(on, error, code, () => {
        void queryClient.invalidateQueries({ queryKey: accountKeys.logoffCheck() });
      }),
  });
}

/** Ending every other session of the account (the identity card is made anew on the server). */
export function useSignOutOthersMutation(on: MutationEvents = {}) {
  const api = useApi();
  return useMutation({
    mutationFn: () => api.user.signOutOthers(),
    onSuccess: (answer) => succeeded(on, answer, undefined),
    onError: (error) => failed(on, error, undefined),
  });
}

/** The first step of a phone change: the SMS code to the current phone, for a ticket. */
export function useVerifyPhoneMutation(on: MutationEvents<ResponseOf<"user.verifyPhone">, string> = {}) {
  const api = useApi();
  return useMutation({
    mutationFn: (code: string) => api.user.verifyPhone({ code }),
    onSuccess: (ticket, code) => succeeded(on, ticket, code),
    onError: (error, code) => failed(on, error, code),
  });
}

export type PhoneChange = RequestOf<"user.changePhone">;

/** The new phone, with the ticket and its code: the session's user info and the profile take it. */
export function useChangePhoneMutation(on: MutationEvents<unknown, PhoneChange> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PhoneChange) => api.user.changePhone(change),
    onSuccess: async (answer, change) => {
      const { mobile } = change;
      const stored = api.client.userInfo;
      if (stored !== null) api.client.storage.set(StorageKey.userInfo, JSON.stringify({ ...stored, mobile }));
      patchProfile(queryClient, { mobile });
      await succeeded(on, answer, change);
    },
    onError: (error, change) => failed(on, error, change),
  });
}

export type PasswordChange = Parameters<PlatformApi["changePassword"]>[0];

/** A new password, by the old one or by an SMS code: the profile then has one. */
export function useChangePasswordMutation(on: MutationEvents<unknown, PasswordChange> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) => api.changePassword(change),
    onSuccess: async (answer, change) => {
      patchProfile(queryClient, { hasPassword: true });
      await succeeded(on, answer, change);
    },
    onError: (error, change) => failed(on, error, change),
  });
}

export type InfoChange = RequestOf<"user.modifyInfo">;

/** One field of the profile saved through modifyInfo: the cached profile takes the saved value. */
export function useSaveInfoMutation(on: MutationEvents<unknown, InfoChange> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: InfoChange) => api.user.modifyInfo(change),
    onSuccess: async (answer, change) => {
      patchProfile(queryClient, change);
      await succeeded(on, answer, change);
    },
    onError: (error, change) => failed(on, error, change),
  });
}

/** The birthday saved (YYYY-MM-DD): the cached profile takes it. */
export function useSaveBirthdayMutation(on: MutationEvents<unknown, string> = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (birthday: string) => api.user.modifyBirthday({ birthday }),
    onSuccess: async (answer, birthday) => {
      patchProfile(queryClient, { birthday });
      await succeeded(on, answer, birthday);
    },
    onError: (error, birthday) => failed(on, error, birthday),
  });
}

import { useQueryClient } from "@tanstack/react-query";

/**
 * Forgetting everything cached: the session became someone else's or no one's (a sign-in, the
 * account deleted, 'log out'). Its own module: the sign-in page's first load carries only this.
 */
export function useForgetCache(): () => void {
  const queryClient = useQueryClient();
  return () => {
    queryClient.clear();
  };
}

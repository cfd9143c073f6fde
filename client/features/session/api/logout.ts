import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { setUser } from '../../../lib/session.ts';

export const logout = () => api.post<{ ok: true }>('/user/logout', {});

/** Once logout completes the user is cleared (also when the server could not be reached, so nobody stays stuck). */
export function useLogout(options: { onSettled?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.error(error),
    onSettled: () => {
      setUser(null);
      queryClient.clear();
      options.onSettled?.();
    },
  });
}

import { useMutation } from '@tanstack/react-query';
import type { LoginInput, User } from '../../../../common/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { setUser } from '../../../lib/session.ts';

export const login = (input: LoginInput) => api.post<{ value: User }>('/user/login', input);

export function useLogin(options: { onSuccess?: (user: User) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ value }) => {
      setUser(value);
      options.onSuccess?.(value);
    },
  });
}

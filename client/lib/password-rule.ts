/**
 * The rule of new passwords in the forms (common/passwords.ts): its dictionaries are large, so they
 * load only when a password form opens (never with the calendar's first visit), and the check
 * waits for them.
 */
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { MSG } from '../../common/messages.ts';
import { loadPasswordDictionaries } from '../../common/passwords.ts';
import { checkForm, type FieldErrors } from './form-check.ts';

/** Starts loading the dictionaries while the form is open, so the check is ready when it is sent. */
export function usePasswordRule(): void {
  useEffect(() => {
    loadPasswordDictionaries().catch(() => undefined);
  }, []);
}

/** checkForm, once the dictionaries are there; when they cannot be loaded (offline), the usual "riprova" and no data. */
export async function checkPasswordForm<S extends z.ZodType, F extends string = string>(
  schema: S,
  values: unknown,
): Promise<{ data: z.output<S> } | { errors: FieldErrors<F> }> {
  try {
    await loadPasswordDictionaries();
  } catch {
    toast.error(MSG.genericRetry);
    return { errors: {} };
  }
  return checkForm<S, F>(schema, values);
}

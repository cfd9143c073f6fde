import type { z } from 'zod';

/** Each field's message, under the field's name; a field with no message is valid. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * A zod check's issues as field errors: each message under the first part of
 * its path (`form` for the object as a whole), the first message of a field kept.
 */
export function fieldErrors<F extends string = string>(issues: readonly z.core.$ZodIssue[]): FieldErrors<F> {
  const errors: Partial<Record<string, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<F>;
}

/** Checks a form's values with its shared schema (from common/): the parsed data, or each issue's message under its field. */
export function checkForm<S extends z.ZodType, F extends string = string>(
  schema: S,
  values: unknown,
): { data: z.output<S> } | { errors: FieldErrors<F> } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { data: parsed.data } : { errors: fieldErrors<F>(parsed.error.issues) };
}

import type { z } from 'zod';

export type FieldErrors = Record<string, string | undefined>;

/** Checks a form with its shared schema (common/anagrafiche.ts): the parsed data, or each issue's message under its field. */
export function checkForm<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S> } | { errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}

import { useState } from 'react';
import type { FieldErrors } from './form-check.ts';

/**
 * What a TextField, SelectField, DateField or TimeField of one value takes (`id`, `value`, `onChange`, `error`), so each
 * field of a form is written once, with only what is its own (label, hint, limits). A value not set yet shows empty.
 */
export const fieldsOf =
  <K extends string>(values: Partial<Record<K, string | null>>, errors: FieldErrors, set: (name: K) => (value: string) => void) =>
  (name: K, id: string) => ({ id, value: values[name] ?? '', onChange: set(name), error: errors[name] });

/**
 * A form's text values and the errors under its fields, kept together: editing a field clears its own error.
 * `onEdit` runs after each edit, for what a form forgets when a field changes (the homonym found at the last Salva).
 */
export function useFormValues<V extends Record<string, string>>(initial: V | (() => V), onEdit?: (name: keyof V) => void) {
  const [values, setValues] = useState(initial);
  // Any field's name, not only the values' own: the schema and the server may refuse a field kept elsewhere.
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof V) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    onEdit?.(name);
  };
  return { values, setValues, errors, setErrors, set, field: fieldsOf<Extract<keyof V, string>>(values, errors, set) };
}

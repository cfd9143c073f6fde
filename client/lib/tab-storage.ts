/**
 * A day kept in this tab's session storage (Copia settimana's Monday; Copia Giornata's lives in the account's local storage, see calendar/copied-day.ts): a reload keeps it, another tab
 * does not see it, and a stored value that is no longer valid reads as none. Where storage is blocked (private mode,
 * full storage) the copy lives in memory only, until the page is reloaded.
 */
export function tabStoredDay(key: string, valid: (value: string) => boolean) {
  return {
    load(): string | null {
      try {
        const value = sessionStorage.getItem(key);
        return value && valid(value) ? value : null;
      } catch {
        return null;
      }
    },
    save(value: string | null): void {
      try {
        if (value) sessionStorage.setItem(key, value);
        else sessionStorage.removeItem(key);
      } catch {
        // Storage blocked: the caller keeps the value in its own state.
      }
    },
  };
}

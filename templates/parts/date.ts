/**
 * A date as the reader's language writes it, at the precision it was given: a month (`2024-11`) is
 * "2024年11月" or "November 2024", never a made-up day; a day (`2024-11-15`) is "2024年11月15日" or
 * "15 November 2024". The value itself stays in `<time datetime>`, which takes both forms.
 */

/** English pages are written in British English (docs/writing.md), so dates follow it: day, month, year. */
function formatLocale(lang: string): string {
  return /^en\b/i.test(lang) ? 'en-GB' : lang;
}

/** `value` (YYYY-MM-DD or YYYY-MM) written out in `lang` (a BCP 47 tag); anything else is returned as it is. */
export function formatDate(value: string, lang: string): string {
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const parts = day ?? month;
  if (!parts) return value;
  const [year, month0, dayOfMonth] = [Number(parts[1]), Number(parts[2]) - 1, day ? Number(parts[3]) : 1];
  const date = new Date(Date.UTC(year, month0, dayOfMonth));
  // Date.UTC rolls a 13th month or a 30 February over into the next: such a value is no date.
  if (date.getUTCMonth() !== month0 || date.getUTCDate() !== dayOfMonth) return value;
  const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: 'long', ...(day ? { day: 'numeric' } : {}) };
  try {
    return new Intl.DateTimeFormat(formatLocale(lang), options).format(date);
  } catch {
    return value;
  }
}

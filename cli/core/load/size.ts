/**
 * File sizes as writers write them in site.yaml (`maxPageSize: 5 MB`) and as messages show them. Units are
 * binary: 1 KB = 1,024 bytes, 1 MB = 1,024 KB (docs/writing.md, "maxPageSize").
 */

const UNITS = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
const SIZE = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i;

/** Bytes of a size written as a whole number of bytes or as a number and a unit (`800 KB`); undefined if neither or not positive. */
export function parseSize(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = SIZE.exec(value.trim());
  if (!match) return undefined;
  const unit = (match[2] ?? 'B').toUpperCase() as keyof typeof UNITS;
  const bytes = Math.floor(Number(match[1]) * UNITS[unit]);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** The smallest whole size above `bytes`, in MB (in KB under a megabyte), as site.yaml writes it: `7 MB`. */
export function sizeAbove(bytes: number): string {
  return bytes < UNITS.MB ? `${Math.floor(bytes / UNITS.KB) + 1} KB` : `${Math.floor(bytes / UNITS.MB) + 1} MB`;
}

/** A size for messages: `6.2 MB (6,501,234 bytes)`, or `512 bytes` when under a kilobyte. */
export function formatSize(bytes: number): string {
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (bytes < UNITS.KB) return exact;
  const [unit, scale] = bytes < UNITS.MB ? ['KB', UNITS.KB] : ['MB', UNITS.MB];
  const value = Math.round((bytes / scale) * 10) / 10;
  return `${value} ${unit} (${exact})`;
}

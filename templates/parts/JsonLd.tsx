import type { ReactElement } from 'react';

/**
 * JSON as text that is safe inside `<script>`: every `<` becomes `\u003c`, so no string in the data can
 * close the element (`</script>`) or open a comment (`<!--`); U+2028/U+2029 are escaped for old parsers.
 * The text still parses to the same value.
 */
export function serialiseJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * One `<script type="application/ld+json">` per object. The script is data, never executed, so the
 * Content-Security-Policy's `script-src 'self'` (hosting/nginx.conf) does not apply to it.
 */
export function JsonLd({ data }: { data: readonly unknown[] }): ReactElement | null {
  if (data.length === 0) return null;
  return (
    <>
      {data.map((item, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(item) }} />
      ))}
    </>
  );
}

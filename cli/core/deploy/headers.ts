/**
 * The headers stored with each object (docs/deploy.md, "Headers"): its Content-Type, and the Cache-Control
 * the shipped nginx block sends. Content-hashed files are cached for a year as immutable, since a new
 * build gives new content a new name; everything else is revalidated on every use, so a new deploy shows
 * at once. Nothing is stored pre-compressed: S3 cannot choose an encoding per request.
 */
import { contentTypeOf } from './content-types.ts';
import { isHashed } from './keys.ts';

/** The headers of one object. */
export interface ObjectHeaders {
  contentType: string;
  cacheControl: string;
}

/** Cache-Control of content-hashed files. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else: stored by caches, revalidated before each use. */
export const REVALIDATE = 'no-cache';

/** The headers of an output file, or undefined when its Content-Type is unknown. */
export function headersOf(file: string): ObjectHeaders | undefined {
  const contentType = contentTypeOf(file);
  return contentType ? { contentType, cacheControl: isHashed(file) ? IMMUTABLE : REVALIDATE } : undefined;
}

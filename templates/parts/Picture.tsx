import type { ReactElement } from 'react';
import type { Cover } from '../fields.ts';
import type { PictureModel, SiteModel } from '../types.ts';

/**
 * A photo as `<picture>`: AVIF and WebP sources and the JPEG/PNG `<img>`, with `width`/`height` so the
 * page does not shift while it loads (docs/writing.md, "Images"). `sizes` is the width the layout gives it. The
 * page's largest image above the fold is `priority` (fetched first, never lazy); every other one is lazy.
 * React preloads no image inside `<picture>`, so no photo adds a `<link rel="preload">`.
 */
export function Picture({
  picture,
  alt,
  sizes,
  className,
  priority = false,
}: {
  picture: PictureModel;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}): ReactElement {
  return (
    <picture className={className}>
      {picture.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
      ))}
      <img
        src={picture.src}
        srcSet={picture.srcSet}
        sizes={sizes}
        width={picture.width}
        height={picture.height}
        alt={alt}
        decoding="async"
        {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
      />
    </picture>
  );
}

/** A page's `cover` (front matter `cover: { src, alt }`), ready to show, or undefined when it has none. */
export function coverOf(cover: Cover, site: SiteModel): { picture: PictureModel; alt: string } | undefined {
  const picture = cover ? site.picture(cover.src) : undefined;
  // An `alt` YAML reads as a number (`alt: 2024`) is shown as written.
  return cover && picture ? { picture, alt: String(cover.alt ?? '') } : undefined;
}

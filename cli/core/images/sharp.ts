/**
 * sharp, loaded on first use: loading its native libvips is a noticeable part of a start, which a command that
 * draws no card and encodes no photo (most builds, once the caches hold them; `check`, `--version`)
 * never needs to pay.
 */
import type SharpType from 'sharp';

let sharpCache: Promise<typeof SharpType> | undefined;

/** The sharp function, loading the module the first time (kept in `sharpCache`). */
export function loadSharp(): Promise<typeof SharpType> {
  sharpCache ??= import('sharp').then((module) => module.default);
  return sharpCache;
}

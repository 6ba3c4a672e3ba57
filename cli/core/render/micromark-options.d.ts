/**
 * The option that patches/micromark+4.0.3.patch adds to micromark's parse options (patches/README.md,
 * "Containers nested on one line"). micromark-util-types declares the options that micromark, mdast-util-from-markdown
 * and remark-parse take; declaring it here lets `remarkParse` be given it without a cast, and the test of
 * the nesting guard (test/vendor/max-containers.test.ts) fails if an install runs micromark without the patch.
 */
export {};

declare module 'micromark-util-types' {
  interface ParseOptions {
    /**
     * The most containers (block quotes, list items) open at once; one more throws an error with
     * `code: 'MICROMARK_MAX_CONTAINERS'` and the `line`. Default: no limit.
     */
    maxContainers?: number | undefined;
  }
}

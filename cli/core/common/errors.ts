/**
 * The one catalogue of user-facing errors and warnings, as data. Each code is permanent; its entry says how
 * bad it is (`severity`), names it (`title`), says when it is reported (`when`, for docs/errors.md) and what
 * to do (`hint`): a fixed sentence, or one computed from the problem's own data (`computed`) where a fixed one
 * would contradict or cut short what the message says. docs/errors.md is generated from this file
 * (`npm run docs:errors`); its header says how to add a code.
 */
import { PLACEHOLDER_NAMES } from './placeholder-names.ts';

/** How bad a problem is: an error stops the command (exit 1); a warning is reported and the build goes on (fatal with --strict). */
export type Severity = 'error' | 'warning';

/** A hint computed from a problem's own data, with the data docs/errors.md shows it for (one example per case). */
export interface ComputedHint<D extends object> {
  readonly of: (data: D) => string;
  readonly examples: readonly D[];
}

/** Declares a computed hint: `of` turns the data a problem carries into its hint; docs/errors.md shows it for each example. */
export function computed<D extends object>(of: (data: D) => string, ...examples: [NoInfer<D>, ...NoInfer<D>[]]): ComputedHint<D> {
  return { of, examples };
}

/** One entry of the catalogue. */
export interface Entry {
  readonly severity: Severity;
  readonly title: string;
  /** When the code is reported, in more words than the title (docs/errors.md; the title stands in when absent). */
  readonly when?: string;
  /** An operating-system refusal (cli/core/common/system-errors.ts): printed on one line, message and hint. */
  readonly system?: true;
  readonly hint: string | { readonly of: (data: never) => string; readonly examples: readonly object[] };
}

/** `a`, `a or b`, `a, b or c`: the words of a list as a sentence says them. */
function either(words: readonly string[], conjunction = 'or'): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/**
 * Every code the tool can report. Adding one is one entry: `severity`, `title` and `hint` are required,
 * `when` documents it in docs/errors.md; then run `npm run docs:errors`.
 */
export const CATALOGUE = {
  USAGE: {
    severity: 'error',
    title: 'Wrong usage',
    when: 'exit 2: an unknown command or option, an option value that is not allowed (`--base-url`, `--report`, `--port`, `--host`), or an option of `build` given to `watch`',
    hint: 'Run `ecom-site <command> --help` for the options.',
  },
  CONTENT_MISSING: {
    severity: 'error',
    title: 'Content folder not found',
    when: 'the content folder does not exist',
    hint: 'Pass the folder with --content, or run the command from the project root.',
  },
  YAML_SYNTAX: {
    severity: 'error',
    title: 'YAML syntax error',
    when: 'a YAML file cannot be parsed (line given)',
    hint: 'Fix the YAML at the line shown; strings containing ":" or "#" need quotes.',
  },
  ENV_INVALID: {
    severity: 'error',
    title: 'Invalid environment variable',
    when: '`SOURCE_DATE_EPOCH` is set but is not whole seconds since 1970',
    hint: 'Set SOURCE_DATE_EPOCH to whole seconds since 1970 (e.g. `SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)`), or unset it to use today\'s date (docs/writing.md, "site.yaml").',
  },
  CONFIG_INVALID: {
    severity: 'error',
    title: 'Invalid site.yaml',
    when: 'a site.yaml field is missing or invalid',
    hint: 'See "site.yaml" in docs/writing.md for the fields of site.yaml.',
  },
  MENU_INVALID: {
    severity: 'error',
    title: 'Invalid menu.yaml',
    when: 'a menu.yaml entry is invalid or links to a missing page (or a draft left out)',
    hint: 'See "menu.yaml" in docs/writing.md for the shape of menu.yaml.',
  },
  STRINGS_INVALID: {
    severity: 'error',
    title: 'Invalid _strings.yaml',
    when: 'a _strings.yaml value is not a plain string (a number, a list …; line and id given)',
    hint: 'A strings file maps text ids to plain strings, e.g. `nav.home: 首页`.',
  },
  TERMS_INVALID: {
    severity: 'error',
    title: 'Invalid _terms.yaml',
    when: '`content/_terms.yaml` is malformed, or lists one variant under two concepts',
    hint: 'See "Terms" in docs/writing.md for the shape of the term base.',
  },
  FRONTMATTER_LANGUAGE: {
    severity: 'error',
    title: 'Front matter is not YAML',
    when: 'front matter is not YAML (`---js` …); it is never run',
    hint: 'Front matter must be YAML, opened by a plain `---` line; code in front matter is never executed.',
  },
  FRONTMATTER_SYNTAX: {
    severity: 'error',
    title: 'Front matter YAML error',
    when: 'front matter YAML cannot be parsed',
    hint: 'Fix the YAML at the line shown; strings containing ":" or "#" need quotes.',
  },
  FRONTMATTER_FENCE: {
    severity: 'error',
    title: 'Front matter not at the top',
    when: 'the front matter is not at the top: the first line is not `---` (a blank line or text before it, or the opening `---` missing), or it is never closed',
    hint: 'A page starts with a `---` line on line 1, then its fields (`title: …`), then another `---` line; nothing, not even a blank line, may come before the first `---`.',
  },
  FRONTMATTER_INVALID: {
    severity: 'error',
    title: 'Invalid front matter',
    when: 'a front matter field is missing or has the wrong type, or the file has no front matter',
    hint: 'See "Front matter" in docs/writing.md for the fields and their types.',
  },
  STRING_MISSING: {
    severity: 'error',
    title: 'Missing text id',
    when: 'a menu label or text id has no text in a locale, nor in its fallback chain (menu.yaml line given); an id the default locale lacks while another locale defines it',
    hint: 'Add the text id to the _strings.yaml of each locale named (`nav.partners: Partners`): every menu label, and every id one locale defines, must exist in every locale (docs/writing.md, "_strings.yaml").',
  },
  TEMPLATE_UNKNOWN: {
    severity: 'error',
    title: 'Unknown template',
    when: 'the `template` does not exist (the known ones are listed)',
    hint: 'Use one of the templates listed, or remove `template` for a plain page.',
  },
  STRING_FALLBACK: {
    severity: 'warning',
    title: 'Text taken from another locale',
    when: "a text id is missing in a locale's `_strings.yaml` and in the built-in text; the text of the locale's fallback chain stands in (an error under `--strict`)",
    hint: 'Add the text id to the _strings.yaml of the locale named; until then readers of that locale see the text of its fallback locale (docs/locales.md).',
  },
  PAGE_TOO_DEEP: {
    severity: 'error',
    title: 'Page nested too deeply',
    when: "a page's content is nested more than 1,000 levels deep (block quotes, lists and their items, links, emphasis inside one another): the Markdown tools and React recurse per level, and the limit makes such a page fail the same way on every thread instead of by chance",
    hint: 'Nest block quotes, lists, links and emphasis less deeply: a few levels read well, thousands cannot be rendered.',
  },
  TABLE_TOO_SPARSE: {
    severity: 'error',
    title: 'Table rows with too many missing cells',
    when: "a page's tables leave out more than 200,000 cells in all (rows with fewer cells than the header row, which GFM fills up with empty cells: a wide header over many one-character rows made millions of cells from a few KB, a 12 KB page 17 s and 2.5 GB); the message names the table that went over, with its columns and rows",
    hint: 'Give each row of the table its cells, or give the table fewer columns: a row with fewer cells than the header row is filled with empty cells, so a wide header over many short rows makes millions of them.',
  },
  PAGE_OUT_OF_MEMORY: {
    severity: 'error',
    title: 'Page needs too much memory',
    when: 'rendering a page needs more memory than the large-page thread\'s heap (as large as the main thread\'s, or `ECOM_SITE_PAGE_HEAP_MB`); see docs/performance.md, "Memory". Split the page',
    hint: 'Split the page into several pages. The heap of the thread that renders large pages can be raised with ECOM_SITE_PAGE_HEAP_MB (docs/performance.md, "Memory"), as far as the machine has memory.',
  },
  PAGE_TOO_LARGE: {
    severity: 'error',
    title: 'Page file too large',
    when: 'a page file is larger than `maxPageSize` (site.yaml); it is not parsed',
    // The suggested limit is above the page's own size: a fixed example could be below it.
    hint: computed(
      (d: { above: string }) =>
        `Split the page into several pages, or raise \`maxPageSize\` in site.yaml above the page's size (e.g. \`maxPageSize: ${d.above}\`; docs/writing.md, "site.yaml").`,
      { above: '7 MB' },
    ),
  },
  TEMPLATE_CONTENT: {
    severity: 'error',
    title: 'Page does not fit its template',
    when: 'the page lacks the sections its template needs',
    hint: "See the template's row in docs/templates.md for the sections and fields it needs.",
  },
  FILE_NAME_INVALID: {
    severity: 'error',
    title: 'File name cannot become a route',
    when: "a page's file or folder name leaves no route: no letter or digit, a leading `.`, or over 250 bytes",
    hint: 'Give the page file or folder a name with at least one letter or digit (any script), not starting with "." and at most 250 bytes long in UTF-8 (about 80 Chinese characters); spaces become "-", symbols such as ?#%& are dropped (docs/writing.md, "Pages and routes").',
  },
  ROUTE_DUPLICATE: {
    severity: 'error',
    title: 'Two files claim one route',
    when: 'two files make the same route (`a b.md` and `a-b.md`, NFC/NFD twins, `a.md` and `a/index.md`; both named)',
    hint: 'Keep one of the two files: `a.md` and `a/index.md`, `a b.md` and `a-b.md`, or one name spelled in NFC and NFD all make the same route.',
  },
  OUTPUT_COLLISION: {
    severity: 'error',
    title: 'Two sources for one output file',
    when: 'two sources would write the same file of the output (a page and a file of public/, a file the build generates and a file of public/, two pages), or one would write a file where the other needs a folder; both named',
    hint: 'Rename or remove one of the two: each file of the output comes from one source (a page, a file of public/ or a file the build generates; docs/writing.md, "Pages and routes").',
  },
  SETTING_FALLBACK: {
    severity: 'warning',
    title: 'Setting taken from another locale',
    when: "a per-locale setting of site.yaml (`company`, `address`, …) has no value for a locale; the value of the locale's fallback chain stands in (an error under `--strict`)",
    hint: 'Give the setting a value for the locale named in site.yaml (`company.ja: …`); until then readers of that locale see the value of its fallback locale (docs/locales.md).',
  },
  ROUTE_CASE: {
    severity: 'error',
    title: 'Routes differ only in case',
    when: 'two routes, or two folders of routes, differ only in case (`Partners.md` and `partners.md`, `A/x.md` and `a/y.md`; both named): one file or folder on macOS, Windows and many hosts',
    hint: 'Rename one of the two files or folders so that the names differ in more than case, or spell both alike: macOS, Windows and many hosts treat `Partners.html` and `partners.html` as one file (docs/writing.md, "Pages and routes").',
  },
  ROUTE_RESERVED: {
    severity: 'error',
    title: 'Reserved route',
    when: 'a page claims a route the build generates itself (in any case: `Assets.md`)',
    hint: 'Rename the file (or the folder it is in): this path is generated by the build itself.',
  },
  LINK_BROKEN: {
    severity: 'error',
    title: 'Broken internal link',
    when: 'an internal link or image points to nothing (the message says when the target is a draft left out, or suggests the route for a file name or a slip of case), or a link points to a photo, whose original is never published',
    // A photo of public/ is a file there, yet linking it is the mistake: its hint must not say "or to a file in public/".
    hint: computed(
      (d: { photo?: boolean }) =>
        d.photo
          ? 'A photo is published as an image only, at the widths the page needs: show it with `![…](…)`; its original, which may hold a GPS position, never reaches the output.'
          : 'Link to an existing route as the route table writes it (e.g. `/DROC`), or to a file in public/.',
      {},
      { photo: true },
    ),
  },
  SYMLINK_OUTSIDE: {
    severity: 'error',
    title: 'Symbolic link leading outside its folder',
    when: 'a symbolic link in public/ or the content folder points outside that folder (or nowhere); nothing is built',
    hint: 'Copy the file into the folder instead of linking to it; the build never reads, and never publishes, a file from outside public/ and the content folder (docs/writing.md, "Symbolic links").',
  },
  ALIAS_INVALID: {
    severity: 'error',
    title: 'Invalid alias',
    when: 'a front matter `aliases` entry is not a route a page could have: not starting with `/`, holding characters a route drops, written with a locale prefix (`/en/…`), or under a path the build writes itself',
    hint: 'Write each alias as links are written, without `/en`: `aliases: [/DMOC, /products/dmoc]` (docs/writing.md, "Moving or removing a page").',
  },
  ALIAS_CONFLICT: {
    severity: 'error',
    title: 'Alias already taken',
    when: 'an alias is the address of a live page or file (in any case), or two pages claim one alias (both named)',
    hint: 'An alias keeps an address that has nothing behind it any more: remove it from the page that still lives there, or keep it on one page only.',
  },
  REDIRECT_INVALID: {
    severity: 'error',
    title: 'Invalid redirect',
    when: 'a site.yaml `redirects` entry leads to nothing, to another redirect (a chain) or back to itself (a loop), starts from a live address or one already redirected, or has a status other than 301 or 302',
    hint: 'Each redirect goes from an address with nothing behind it straight to a live page or file, as its URL path is written (`/en/DR` for English): see "Moving or removing a page" in docs/writing.md.',
  },
  LINK_TO_ALIAS: {
    severity: 'warning',
    title: 'Link to an old address',
    when: "a link points to a page's alias: it is written to the page's current route, and the warning names it",
    hint: "Write the page's current route in the link, as the message says; the alias stays for visitors from outside.",
  },
  PAGE_REMOVED: {
    severity: 'warning',
    title: 'Published page removed',
    when: 'a page the previous build of this output folder wrote is gone, and no alias or redirect keeps its address (listed by `build --report`)',
    hint: 'If the page moved, add its old route to the new page\'s `aliases`; if it is gone, add a site.yaml `redirect` to the nearest page. Otherwise `deploy` refuses to delete it without --allow-removed (docs/writing.md, "Moving or removing a page").',
  },
  OUT_UNSAFE: {
    severity: 'error',
    title: 'Unsafe output folder',
    when: '`--out` would replace the project, the content or the working folder',
    hint: 'Choose an output folder that is not the project, the content folder or one of their parents, e.g. --out dist.',
  },
  OUT_NOT_OURS: {
    severity: 'error',
    title: 'Output folder holds other files',
    when: '`--out` is a non-empty folder not written by ecom-site, or a file',
    // A file in the way cannot be emptied.
    hint: computed(
      (d: { file?: boolean }) =>
        d.file
          ? 'The build writes a folder there. Remove the file, or choose another --out.'
          : 'The build replaces the whole output folder. Empty it, remove it, or choose another --out.',
      {},
      { file: true },
    ),
  },
  TEMPLATE_BUILD: {
    severity: 'error',
    title: 'Templates failed to compile',
    when: 'a template does not compile',
    hint: 'Fix the template source where the message says (at the line shown, where one is).',
  },
  CARD_INVALID: {
    severity: 'error',
    title: 'Invalid card image',
    when: 'front matter `card` does not name a PNG or JPEG file of `public/` that can be read (page and line given)',
    hint: 'Name a PNG or JPEG file of public/ in `card` (`card: /images/card.png`; 1200×630 reads best), or remove `card` to get the drawn card (docs/hosting.md, "Social cards").',
  },
  RENDER_FAILED: {
    severity: 'error',
    title: 'Rendering failed',
    when: 'a template threw while rendering, or its render thread stopped twice (`process.exit()`, a crash); a page that runs a thread out of memory is rendered again, alone, then in the main thread',
    // A thread that stopped threw nothing a stack trace would show.
    hint: computed(
      (d: { thread?: boolean }) =>
        d.thread
          ? 'The render thread stopped while rendering this page (a template that calls `process.exit()`, or a crash): the message gives the reason; if no template explains it, report it.'
          : 'A template threw while rendering this page; run with --debug for the stack trace.',
      {},
      { thread: true },
    ),
  },
  IMAGE_ALT_REQUIRED: {
    severity: 'error',
    title: 'Photo without alt text',
    when: 'a photo (Markdown image or `cover`) has no alt text; `![""](…)` or `alt: ""` marks a decorative one',
    hint: 'Describe what the photo shows: `![the DROC console on a cart](/images/droc.jpg)`, or `cover: { src: …, alt: … }`. A purely decorative photo takes an alt of two quotes: `![""](/images/x.jpg)`, `alt: ""` (docs/writing.md, "Images").',
  },
  IMAGE_INVALID: {
    severity: 'error',
    title: 'Not a usable image',
    when: 'an image cannot be read or is no image: a corrupt file, a HEIC photo, a PDF, or a cover that is not a photo (page, line and file given); or a photo replaced while the build was encoding it',
    // A photo replaced mid-build is a usable file: the fix is to build again, not to replace it.
    hint: computed(
      (d: { changed?: boolean }) =>
        d.changed
          ? 'Build again: the photo was replaced while the build was encoding it, and its files are named by the bytes first read, so none is made from the new ones.'
          : 'Put a JPEG, PNG, WebP, AVIF or TIFF file in public/ (a HEIC photo: export it as JPEG), or fix the path; a cover must be one of those (docs/writing.md, "Images").',
      {},
      { changed: true },
    ),
  },
  PLACEHOLDER_DATA: {
    severity: 'error',
    title: 'Stand-in values in site.yaml',
    when: '`--strict` while site.yaml `placeholders` still lists stand-in values (`--allow-placeholders` for a preview)',
    hint: 'Put the real values in site.yaml and remove their names from `placeholders`; for a preview, add --allow-placeholders.',
  },
  STRICT: {
    severity: 'error',
    title: 'Warnings are fatal with --strict',
    when: 'warnings with `--strict`',
    hint: 'Fix the warnings above, or build without --strict (outdated translations: without --fail-outdated).',
  },
  NOT_A_TRANSLATION: {
    severity: 'error',
    title: 'Not a translation',
    when: '`l10n stamp` was given a file that is not a translation: not a page of the content folder, or a page of the locale it is translated from (docs/l10n.md)',
    hint: "Name a translated page of the content folder, e.g. `content/en/DROC.md`: a page of a locale other than its source's, whose source page exists (docs/l10n.md).",
  },
  TRANSLATION_SOURCE_MISSING: {
    severity: 'error',
    title: 'Source page not found',
    when: '`l10n stamp` was given a translation whose source page does not exist (docs/l10n.md)',
    hint: 'Write the source page first, or name the locale the page is translated from in its record: `source: { locale: en }` (docs/l10n.md).',
  },
  NOT_BUILT: {
    severity: 'error',
    title: 'Nothing built to check',
    when: '`check` found no `index.html` in the folder to check',
    hint: 'Run `ecom-site build` first, or pass the built folder with --out.',
  },
  DEPLOY_URL_INVALID: {
    severity: 'error',
    title: 'Invalid deploy target URL',
    when: 'a deploy target URL (`--to` or site.yaml `deploy.targets[].url`) is not `s3://BUCKET?…` with known options',
    hint: 'Write the target as s3://BUCKET?region=R&endpoint=URL&use_path_style=true&prefix=P (docs/deploy.md, "Target URL"); only the bucket is required.',
  },
  DEPLOY_NOT_BUILT: {
    severity: 'error',
    title: 'Not the complete output of a build',
    when: '`deploy` was given a folder that is not the complete, unchanged output of a build in this checkout',
    hint: 'Run `ecom-site build` (with the same --out) in this checkout just before deploying, and change nothing in the output folder in between (docs/deploy.md, "What is deployed").',
  },
  DEPLOY_TYPE_UNKNOWN: {
    severity: 'error',
    title: 'No content type for a file',
    when: 'a file of the output has an extension the content-type table does not know; nothing is uploaded',
    hint: 'Remove the file from public/, or add its extension to the table in cli/core/deploy/content-types.ts (docs/deploy.md, "Headers").',
  },
  DEPLOY_NO_CREDENTIALS: {
    severity: 'error',
    title: 'No storage credentials',
    when: 'no credentials were found in the AWS chain (environment, profile)',
    hint: 'Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE with a profile in ~/.aws/credentials (docs/deploy.md, "Credentials").',
  },
  DEPLOY_ACCESS_DENIED: {
    severity: 'error',
    title: 'Storage refused the credentials or the request',
    when: 'the storage refused the credentials or the request (the secret is never shown)',
    hint: 'Check the access key and secret of the target, and that they may list, read, write and delete objects in the bucket (docs/deploy.md, "Credentials").',
  },
  DEPLOY_NO_BUCKET: {
    severity: 'error',
    title: 'Bucket not found',
    when: "the target's bucket does not exist",
    hint: 'Create the bucket first (deploy never creates one), or fix the bucket name, region and endpoint in the target URL.',
  },
  DEPLOY_LOCKED: {
    severity: 'error',
    title: 'Another deploy holds the target',
    when: "another deploy holds the target's lock object (its holder and age are named)",
    hint: 'Wait for it to finish. If it is dead (killed on another machine), remove the lock object named above with any S3 client (docs/deploy.md, "Lock"), then deploy again.',
  },
  DEPLOY_TOO_MANY_DELETES: {
    severity: 'error',
    title: 'Too many deletes',
    when: 'a deploy would delete more objects than `--max-deletes`; nothing was uploaded or deleted',
    hint: 'Check that --out holds the whole site and the target is the right one; if the deletes are meant, raise the limit with --max-deletes N.',
  },
  DEPLOY_OTHER_SITE: {
    severity: 'error',
    title: "A file would go under another site's prefix",
    when: "files of the build would be stored under a prefix that another ecom-site deploy owns (it holds that prefix's `.ecom-site/`); nothing was uploaded or deleted",
    hint: 'Deploy this site under a prefix of its own (the target URL\'s prefix option), or move the other site; a deploy never changes another site\'s keys (docs/deploy.md, "Prefixes").',
  },
  DEPLOY_PROFILE_MISSING: {
    severity: 'error',
    title: 'Profile not found',
    when: 'the target URL names a `profile` that neither ~/.aws/config nor ~/.aws/credentials (or the files AWS_CONFIG_FILE and AWS_SHARED_CREDENTIALS_FILE name) holds',
    hint: 'Add the profile to ~/.aws/credentials or ~/.aws/config, or fix its name in the target URL (docs/deploy.md, "Credentials").',
  },
  DEPLOY_PAGES_REMOVED: {
    severity: 'error',
    title: 'Deploy would remove live pages',
    when: 'a deploy would delete pages the last deploy published, with no alias or redirect for their addresses (listed); nothing was uploaded or deleted',
    hint: 'Keep each address: add it to the `aliases` of the page that replaces it, or a site.yaml `redirects` entry, then build and deploy again. To drop them on purpose, deploy with --allow-removed.',
  },
  DEPLOY_PREVIEW_MISMATCH: {
    severity: 'error',
    title: 'Build not made for this preview',
    when: '`deploy --preview NAME` was given a build made for another base path than `/preview/NAME/`; nothing was uploaded',
    hint: 'Build the preview for its path first: `ecom-site build --base-path /preview/NAME/`, then deploy it with the same NAME (docs/deploy.md, "Previews").',
  },
  DEPLOY_NETWORK: {
    severity: 'error',
    title: 'Storage not reachable',
    when: 'the storage endpoint could not be reached, after retries',
    hint: 'Check the endpoint and region in the target URL and the network; transient failures were already retried with backoff.',
  },
  DEPLOY_FAILED: {
    severity: 'error',
    title: 'Upload or delete failed',
    when: 'uploads or deletes failed after retries; each failed file is named, later phases and deletes were held back',
    hint: 'Run the deploy again: it uploads only what is still missing or different. Files of later phases, the manifest and the deletes were held back, so every published page still points at files that exist.',
  },
  PATH_NOT_FOUND: {
    severity: 'error',
    system: true,
    title: 'File or folder not found',
    when: 'a file or folder does not exist, or a part of its path is a file',
    hint: 'Check the path, or create the folder first.',
  },
  PERMISSION_DENIED: {
    severity: 'error',
    system: true,
    title: 'Permission denied',
    when: 'a file or folder cannot be read or written, or a port below 1024 needs rights',
    hint: 'Give your user access to it, or choose another folder (or, for a server, a port from 1024 up).',
  },
  DISK_FULL: {
    severity: 'error',
    system: true,
    title: 'Disk full',
    when: 'no space (or quota) left while writing',
    hint: 'Free some space on that disk (or raise the quota), then run the command again.',
  },
  ADDRESS_IN_USE: {
    severity: 'error',
    system: true,
    title: 'Address in use',
    when: '`watch`: the port is taken (after trying the next ten)',
    hint: 'Stop the program using it, or choose another --port (0 picks a free one).',
  },
  ADDRESS_UNAVAILABLE: {
    severity: 'error',
    system: true,
    title: 'Address not available',
    when: '`watch`: `--host` is not an address of this machine',
    hint: 'Use an address of this machine with --host, e.g. 127.0.0.1 (local) or 0.0.0.0 (all).',
  },
  SYSTEM_ERROR: {
    severity: 'error',
    system: true,
    title: 'System error',
    when: 'any other refusal of the operating system (its code is given)',
    hint: 'The operating system refused the operation; fix the cause named, then run the command again.',
  },
  INTERNAL: {
    severity: 'error',
    title: 'Internal error',
    when: 'a bug in ecom-site; run with `--debug` and report it',
    hint: 'This is a bug in ecom-site: run again with --debug for the stack trace, and report it.',
  },
  TRANSLATION_MISSING: {
    severity: 'warning',
    title: 'Missing translation',
    when: 'a page is missing in a locale; the first locale of its fallback chain that has it stands in',
    hint: 'Write the page in this locale; until then the page of the first locale of its fallback chain that has one stands in (docs/locales.md).',
  },
  TRANSLATION_DRAFT: {
    severity: 'warning',
    title: 'Translation is a draft',
    when: 'a page is a draft (left out without `--drafts`) while its twin in the other locale is not; the twin stands in',
    hint: "Build with --drafts to include it, or remove `draft: true` when it is ready; until then the other locale's page stands in.",
  },
  TRANSLATION_OUTDATED: {
    severity: 'warning',
    title: 'Outdated translation',
    when: "a translation's source changed since it was stamped (docs/l10n.md); fatal only with `build --fail-outdated`, not with `--strict`",
    hint: 'Update the translation (`ecom-site l10n status` lists the source blocks that changed), then record it with `ecom-site l10n stamp <file>` (docs/l10n.md).',
  },
  RAW_HTML: {
    severity: 'warning',
    title: 'Raw HTML removed',
    when: 'raw HTML was removed',
    hint: 'Raw HTML never reaches the output; write Markdown instead.',
  },
  UNSAFE_URL: {
    severity: 'warning',
    title: 'Unsafe URL removed',
    when: 'a `javascript:`, `data:` or other unsafe URL was removed',
    hint: 'Only http:, https:, mailto:, tel: and site-relative URLs are kept.',
  },
  DESCRIPTION_MISSING: {
    severity: 'warning',
    title: 'Missing description',
    when: 'a page has no description',
    hint: 'Add a `description` to the front matter for search engines.',
  },
  KEYWORDS_MISSING: {
    severity: 'warning',
    title: 'Missing keywords',
    when: 'a page has no keywords (its keywords meta tag is empty)',
    hint: 'Add `keywords` to the front matter, comma-separated (`keywords: DROC, X-ray console`); without it the page carries an empty keywords meta tag.',
  },
  NEWS_NOT_ARTICLE: {
    severity: 'warning',
    title: 'Page under news/ is not an article',
    when: 'a page under `news/` is not an `article`: it is missing from the news list and the feed',
    hint: 'Add `template: article` and a `date: YYYY-MM-DD` to its front matter; or move the file out of news/ if it is not news.',
  },
  PLACEHOLDER_UNKNOWN: {
    severity: 'warning',
    title: 'Unknown placeholder',
    when: 'a `{word}` that is no placeholder, or a placeholder site.yaml gives no value, stays in the page as typed (file, line, column)',
    // The placeholders come with the problem, so the hint names every one the message lists; a placeholder
    // without a value is spelled right, and the fix is in site.yaml.
    hint: computed(
      (d: { placeholders: readonly string[]; unset?: string }) =>
        d.unset
          ? `Set \`${d.unset}\` in site.yaml (docs/writing.md, "site.yaml"), or remove {${d.unset}} from the page.`
          : `Write one of ${either(d.placeholders.map((name) => `{${name}}`))}, spelled as shown; to show braces as they are, put the text in a code span (\`{name}\`).`,
      {
        placeholders: [...PLACEHOLDER_NAMES],
      },
      {
        placeholders: [...PLACEHOLDER_NAMES],
        unset: 'founded',
      },
    ),
  },
  FIELD_UNKNOWN: {
    severity: 'warning',
    title: 'Unknown front matter field',
    when: 'a front matter field no template reads',
    // The fields read where the unknown one stands (a template's own, or those of a record such as `cover`).
    hint: computed(
      (d: { fields: readonly string[] }) =>
        d.fields.length
          ? `Check the spelling: the fields read here are ${either(
              d.fields.map((field) => `\`${field}\``),
              'and',
            )} (docs/templates.md has those of every template).`
          : 'Check the spelling; the fields each template reads are listed in docs/templates.md.',
      { fields: ['title', 'description', 'keywords', 'template', 'summary', 'draft', 'icon', 'card'] },
      { fields: [] },
    ),
  },
  HEADING_LEVEL: {
    severity: 'warning',
    title: 'Level-1 heading in the body',
    when: 'a `#` heading in the body became `##`',
    hint: "The template prints the title as the page's only h1; start sections with `##`.",
  },
  IMAGE_ALT_MISSING: {
    severity: 'warning',
    title: 'Image without alt text',
    when: 'an SVG or GIF image without alt text (photos: `IMAGE_ALT_REQUIRED`)',
    hint: 'Describe the image: `![what it shows](/path.svg)`; a purely decorative one takes an alt of two quotes, `![""](/path.svg)`.',
  },
  FILE_IGNORED: {
    severity: 'warning',
    title: 'File is not a page',
    when: 'a file in a locale folder is not a page: a page-like name not ending in `.md` (`notes.MD`, `.markdown`, `.mdx`, `.txt`; the name to give it is said), or other files (images, downloads: one warning naming them)',
    hint: 'Only files ending in `.md` (lower case) are pages: rename a page to `<name>.md`; put images and downloads in public/ and link them as `/images/…`; start a name with `_` to keep a file beside the pages without this warning.',
  },
  LOCALE_UNKNOWN: {
    severity: 'warning',
    title: 'Unknown locale folder',
    when: 'a folder of the content folder is not a configured locale (`content/fr/`); its pages are not built',
    hint: 'Rename the folder to a configured locale, or start its name with "_" to keep it out of the build.',
  },
  TERM_VARIANT: {
    severity: 'warning',
    title: 'Variant term',
    when: 'a page uses a variant the term base says to avoid; the preferred term is named',
    hint: 'Use the preferred term from content/_terms.yaml, so every page names the concept the same way.',
  },
  CJK_SPACING: {
    severity: 'warning',
    title: 'Space between Chinese and Latin text',
    when: 'a Chinese page has a space between Chinese and Latin text (`DROC 是`)',
    hint: 'Write Chinese and Latin text without a space between them (`DROC是`, `3.0版本`); see "Terms" in docs/writing.md.',
  },
} as const satisfies Readonly<Record<string, Entry>>;

/** A permanent error or warning code. */
export type Code = keyof typeof CATALOGUE;

/** The data a problem of `C` carries for its computed hint; `never` for a code whose hint is fixed. */
export type DataOf<C extends Code> = (typeof CATALOGUE)[C]['hint'] extends ComputedHint<infer D> ? D : never;

/** The data argument of `problem` for `C`: none for a fixed hint, optional where every field is, else required. */
export type DataArgs<C extends Code> = [DataOf<C>] extends [never]
  ? []
  : Partial<DataOf<C>> extends DataOf<C>
    ? [data?: DataOf<C>]
    : [data: DataOf<C>];

/** Where in the sources a problem is: a file path (relative to the working folder) and, where known, line and column. */
export interface Place {
  file: string;
  line?: number;
  column?: number;
}

/** One problem found in the user's input, as data. */
export interface Problem extends Partial<Place> {
  code: Code;
  message: string;
  /** What its computed hint is made from (`DataOf<code>`); plain data, so it crosses threads and the build cache. */
  data?: object;
}

/** An error the user can fix; carries one or more problems and is printed without a stack trace. */
export class SiteError extends Error {
  readonly problems: Problem[];
  readonly exitCode: number;

  constructor(problems: Problem | Problem[], exitCode = 1) {
    const list = Array.isArray(problems) ? problems : [problems];
    super(list.map((p) => p.message).join('\n'));
    this.name = 'SiteError';
    this.problems = list;
    this.exitCode = exitCode;
  }
}

/** Creates a problem record; a shorthand that keeps call sites on one line. `data` feeds a computed hint. */
export function problem<C extends Code>(code: C, message: string, place?: Partial<Place>, ...data: DataArgs<C>): Problem {
  return { code, message, ...place, ...(data[0] ? { data: data[0] } : {}) };
}

/** The hint of a problem: its code's fixed hint, or the one computed from the problem's data. */
export function hintOf(p: Problem): string {
  const hint: Entry['hint'] = CATALOGUE[p.code].hint;
  // `problem` typed the data by its code. A problem built without it (a literal) gets the first example's
  // hint, the general case, rather than a hint function reading fields that are not there.
  return typeof hint === 'string' ? hint : hint.of((p.data ?? hint.examples[0]) as never);
}

/** Formats a problem as `file:line:col  CODE  message` with its hint on the next line (docs/errors.md). */
export function formatProblem(p: Problem): string {
  const where = p.file ? `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}  ` : '';
  return `${where}${p.code}  ${p.message}\n    hint: ${hintOf(p)}`;
}

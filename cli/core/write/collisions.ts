/**
 * One source per output file: every file of the output is claimed by the page, the file of public/ or the
 * build's own file it comes from, and two claims on one path (or a file where another claim needs a
 * folder) are OUTPUT_COLLISION naming both, never one silently written over the other. Pure.
 */
import { problem, type Problem } from '../common/errors.ts';

/** Who writes a file of the output. */
export interface Claim {
  /** What the file is made from, as messages name it: `content/zh/DROC.md`, `public/DROC.html`, `the sitemap`. */
  source: string;
  /** The source file, when it is one the writer can open (a page or a file of public/), for the problem's place. */
  file?: string;
}

/** A problem naming two claims that cannot both be written. */
function collision(message: string, first: Claim, second: Claim): Problem {
  const file = first.file ?? second.file;
  return problem('OUTPUT_COLLISION', message, file ? { file } : {});
}

/**
 * Records claims on output paths and reports those that meet: the same path claimed twice, or a path
 * claimed as a file that another claim needs as a folder (`a` and `a/b.html`).
 */
export class OutputClaims {
  private readonly claims = new Map<string, Claim>();
  private readonly problems: Problem[] = [];

  /** Claims `path` for `claim`; a second claim on it is a problem (the first one is kept). */
  claim(path: string, claim: Claim): void {
    const held = this.claims.get(path);
    if (held) {
      // The one source that writes a file twice (the home page as `en.html` and `en/index.html` is two paths) is no collision.
      if (held.source !== claim.source)
        this.problems.push(collision(`${held.source} and ${claim.source} both write ${path} of the output.`, held, claim));
      return;
    }
    this.claims.set(path, claim);
  }

  /** The problems found, once every path is claimed (a file where another needs a folder included). */
  result(): Problem[] {
    const found = [...this.problems];
    for (const [path, claim] of this.claims) {
      for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1)) {
        const folder = path.slice(0, slash);
        const file = this.claims.get(folder);
        if (file)
          found.push(
            collision(
              `${file.source} writes the file ${folder} of the output, where ${claim.source} needs a folder (for ${path}).`,
              file,
              claim,
            ),
          );
      }
    }
    return found;
  }
}

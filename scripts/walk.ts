/**
 * The walk through the house (docs/architecture.md, "The walk"): `npm run walk`. Follows `build` from
 * cli/commands/build.ts through the code its imports run (type-only imports are left out: taking the type
 * of an earlier stage's result is how a stage reads it, not a call), depth first, each file once, and
 * counts how straight the way is along the stage grain load → l10n → plan → render → write (shared/ and
 * the toolkits common/, text/ and images/ lie below all, serve/ and deploy/ after write). Reproducible
 * from the sources alone.
 *
 * - against the grain: imports of any kind, anywhere in cli/core, from a stage into a later one;
 * - climbs: steps of the walk from a stage back into an earlier one (a later stage calling an earlier one);
 *   the walk takes each file once, so a call back into a file it has already walked is not a step;
 * - calls back: every value import, in any file the walk reaches, from a stage into an earlier one, walked
 *   or not (a later stage using an earlier stage's helper: the strict measure of climbs);
 * - entries: how often the walk comes into each stage from outside it; re-entries are all but the first. The
 *   orchestration (cli/core/*.ts, the commands) is taken as one: every file of it the start reaches through
 *   it, whose imports of the stages are walked together, along the grain (the command that prints a build's
 *   report calls the build first, whatever file its printing lives in).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { importsIn } from './imports.ts';

/** The repository root, from this file's place in it. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The floors of cli/core below the stages, lowest first: common/ (what every stage uses), text/ (the
 * writer's text: placeholders, terms, prose checks and UI-text lookup, for load, plan and render alike) and
 * images/ (the toolkit that probes, encodes and draws photos and cards for load, plan, render and write).
 * Calling down into them is no step back along the pipeline.
 */
export const TOOLKITS = ['common', 'text', 'images'] as const;

/** The stages of cli/core along the grain, above the toolkits. */
export const GRAIN = ['load', 'l10n', 'plan', 'render', 'write', 'serve', 'deploy'] as const;

/** The stage of a file: a folder of cli/core, `below` for the toolkits and shared/, `hall` for the rest of cli/. */
export function stageOf(file: string): string {
  const parts = relative(ROOT, file).split('/');
  if (parts[0] === 'shared' || (parts[1] === 'core' && (TOOLKITS as readonly string[]).includes(parts[2] as string))) return 'below';
  if (parts[0] === 'cli' && parts[1] === 'core' && parts.length > 3) return parts[2] as string;
  return parts[0] === 'cli' ? 'hall' : (parts[0] as string);
}

/** The rank of a stage along the grain, or undefined for the hall, the floor below and what is not cli/. */
function rankOf(stage: string): number | undefined {
  const rank = (GRAIN as readonly string[]).indexOf(stage);
  return rank < 0 ? undefined : rank;
}

/** The imports of each file parsed so far, for this run: a file is asked for them several times, and parsing costs. */
const edgesCache = new Map<string, Array<{ to: string; typeOnly: boolean }>>();

/** The project's files a file imports by a relative path, each marked type-only or not. */
function edgesOf(file: string): Array<{ to: string; typeOnly: boolean }> {
  let edges = edgesCache.get(file);
  if (!edges) {
    edges = importsIn(readFileSync(file, 'utf8'), file)
      .filter((found) => found.specifier.startsWith('.'))
      .map((found) => ({ to: resolve(dirname(file), found.specifier), typeOnly: found.typeOnly }));
    edgesCache.set(file, edges);
  }
  return edges;
}

/** Edges sorted by the rank of their target along the grain (stable: the hall's own files first). */
function alongTheGrain<T extends { to: string }>(edges: readonly T[]): T[] {
  return edges
    .map((edge, index) => ({ edge, index, rank: rankOf(stageOf(edge.to)) ?? -1 }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ edge }) => edge);
}

/** What the walk and the import graph show. */
export interface WalkCount {
  /** Imports of cli/core from a stage into a later one, as `from -> to`. */
  againstGrain: string[];
  /** Steps of the walk into an earlier stage, as `from -> to`. */
  climbs: string[];
  /** Value imports of the files the walk reached, from a stage into an earlier one, as `from -> to`. */
  callsBack: string[];
  /** How many times the walk comes into each stage. */
  entries: Record<string, number>;
  /** The sum of entries beyond the first of each stage. */
  reentries: number;
  /** The stages in the order the walk stays in them (consecutive stays in one stage counted once). */
  stays: string[];
}

/** Walks from `start` (a file of the project) and counts against the grain over every file of `files`. */
export function walk(start: string, files: readonly string[]): WalkCount {
  const againstGrain: string[] = [];
  for (const file of files) {
    for (const { to } of edgesOf(file)) {
      const [a, b] = [rankOf(stageOf(file)), rankOf(stageOf(to))];
      if (a !== undefined && b !== undefined && b > a) againstGrain.push(`${relative(ROOT, file)} -> ${relative(ROOT, to)}`);
    }
  }
  const seen = new Set<string>();
  const stays: string[] = [];
  const climbs: string[] = [];
  const enter = (stage: string): void => {
    // The orchestration (the hall) is where the walk starts and returns between stages, not a room of it:
    // two calls in a row into one stage are one stay there.
    if (stage !== 'below' && stage !== 'hall' && stays[stays.length - 1] !== stage) stays.push(stage);
  };
  const inCli = (to: string): boolean => to.startsWith(join(ROOT, 'cli'));
  /** The files of the orchestration `file` reaches through the orchestration, itself first. */
  const hallOf = (file: string, found: string[] = []): string[] => {
    found.push(file);
    for (const { to, typeOnly } of edgesOf(file))
      if (!typeOnly && inCli(to) && stageOf(to) === 'hall' && !found.includes(to)) hallOf(to, found);
    return found;
  };
  const visit = (file: string): void => {
    seen.add(file);
    enter(stageOf(file));
    // The orchestration calls the stages one after the other, whatever order its imports are written in and
    // whichever of its files holds them.
    const hall = stageOf(file) === 'hall' ? hallOf(file).filter((f) => f === file || !seen.has(f)) : [file];
    for (const f of hall) seen.add(f);
    const edges =
      stageOf(file) === 'hall' ? alongTheGrain(hall.flatMap(edgesOf).filter(({ to }) => stageOf(to) !== 'hall')) : edgesOf(file);
    for (const { to, typeOnly } of edges) {
      if (typeOnly || seen.has(to) || !inCli(to)) continue;
      const [a, b] = [rankOf(stageOf(file)), rankOf(stageOf(to))];
      if (a !== undefined && b !== undefined && b < a) climbs.push(`${relative(ROOT, file)} -> ${relative(ROOT, to)}`);
      visit(to);
      // Back in this file once the import is walked: a return to the room it had left.
      enter(stageOf(file));
    }
  };
  visit(start);
  const callsBack = [...seen].flatMap((file) =>
    edgesOf(file)
      .filter(({ to, typeOnly }) => {
        const [a, b] = [rankOf(stageOf(file)), rankOf(stageOf(to))];
        return !typeOnly && a !== undefined && b !== undefined && b < a;
      })
      .map(({ to }) => `${relative(ROOT, file)} -> ${relative(ROOT, to)}`),
  );
  const entries: Record<string, number> = {};
  for (const stage of stays) entries[stage] = (entries[stage] ?? 0) + 1;
  const reentries = Object.values(entries).reduce((sum, n) => sum + n - 1, 0);
  return { againstGrain, climbs, callsBack: callsBack.sort(), entries, reentries, stays };
}

/** The .ts files under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

/** The walk of `build`, over every file of cli/core. */
export function walkBuild(): WalkCount {
  return walk(join(ROOT, 'cli', 'commands', 'build.ts'), filesUnder(join(ROOT, 'cli', 'core')));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = walkBuild();
  const list = (lines: readonly string[]): string => lines.map((line) => `  ${line}\n`).join('');
  const entered = Object.entries(count.entries).map(([stage, n]) => `${stage} ${n}`);
  process.stdout.write(
    [
      `Imports against the grain: ${count.againstGrain.length}\n${list(count.againstGrain)}`,
      `Climbs of the walk from build: ${count.climbs.length}\n${list(count.climbs)}`,
      `Calls back into an earlier stage, in the files the walk reaches: ${count.callsBack.length}\n${list(count.callsBack)}`,
      `Stages entered: ${entered.join(', ')}; re-entries: ${count.reentries}\n`,
      `Stays: ${count.stays.length}: ${count.stays.join(' > ')}\n`,
    ].join(''),
  );
}

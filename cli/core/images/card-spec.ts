/**
 * What a social card is, as the planner (cli/core/plan/cards.ts) decides it and the drawer
 * (cli/core/images/card-image.ts) makes it: its size, its text and where its pixels come from.
 */
import type { Locale } from '../../../shared/constants.ts';

/** The size of every card: Open Graph's and X's large image. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a drawn card shows. */
export interface CardText {
  /** The page's title, placeholders filled. */
  title: string;
  /** The line above the title: the page's menu group, else its breadcrumb parent's title. */
  section?: string;
  company: string;
  /** The locale the card is drawn for (its language tag picks the glyphs). */
  locale: Locale;
}

/**
 * Where a card's pixels come from: drawn (in the BCP 47 `lang` of its locale, which picks the glyphs), or made
 * from an image of public/ named by front matter `card`.
 */
export type CardSource = { kind: 'drawn'; text: CardText; lang: string } | { kind: 'image'; file: string };

/** One card file of the output. */
export interface CardSpec {
  /** Path relative to the output folder: `assets/cards/<route name>.<key>.png`. */
  path: string;
  key: string;
  source: CardSource;
}

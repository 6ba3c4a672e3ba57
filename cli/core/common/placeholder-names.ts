/**
 * The names of site.yaml's placeholders, in one place: the pages fill them (cli/core/text/placeholders.ts)
 * and the catalogue's PLACEHOLDER_UNKNOWN example lists them (errors.ts), which common/ may import.
 */

/**
 * The placeholder names, as written between braces: the contact details (the general e-mail and those of
 * sales, support and partnerships), the company's name, legal entity
 * and address (per locale), the facts the copy states (founding year, customer and country counts, the
 * year the manufacturing platform launched), and what the privacy policy must say that the company decides
 * (where the site and its e-mail are hosted, its position on an EU representative; per locale). All come from site.yaml,
 * so a fact is changed in one place for every page of both locales.
 */
export const PLACEHOLDER_NAMES = [
  'phone',
  'email',
  'salesEmail',
  'supportEmail',
  'partnerEmail',
  'company',
  'legalEntity',
  'address',
  'founded',
  'customers',
  'countries',
  'platformYear',
  'hostingLocation',
  'emailHostingLocation',
  'euRepresentative',
] as const;

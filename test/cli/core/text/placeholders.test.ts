import { describe, expect, it } from 'vitest';
import { fillPlaceholders, findUnknownPlaceholders, unknownPlaceholderMessage } from '../../../../cli/core/text/placeholders.ts';

describe('placeholders', () => {
  it('fills the known placeholders and leaves other braces as written', () => {
    expect(fillPlaceholders('Call {phone}, {x}', { phone: '110', email: 'a@b', company: 'Co' })).toBe('Call 110, {x}');
  });

  it('finds each {word} that no placeholder fills, with where it starts', () => {
    expect(findUnknownPlaceholders('Call {Phone} or {phone}; ask {foo_bar-2}.')).toEqual([
      { name: 'Phone', index: 5 },
      { name: 'foo_bar-2', index: 29 },
    ]);
  });

  it('leaves braces that are not a single word alone', () => {
    expect(findUnknownPlaceholders('{a, b} {} { x } {"k": 1} {1st} {{phone}}')).toEqual([]);
  });

  it('names the known placeholders, and the right spelling when only the case is wrong', () => {
    expect(unknownPlaceholderMessage('Email')).toBe(
      '{Email} is not a placeholder and stays in the page as typed (it is written {email}); the placeholders are {phone}, {email}, {salesEmail}, {supportEmail}, {partnerEmail}, {company}, {legalEntity}, {address}, {founded}, {customers}, {countries}, {platformYear}, {hostingLocation}, {emailHostingLocation}, {euRepresentative}.',
    );
    expect(unknownPlaceholderMessage('legalentity')).toContain('(it is written {legalEntity})');
    expect(unknownPlaceholderMessage('tel')).not.toContain('it is written');
  });
});

/**
 * The programme guide in each language (issue 40: the guide PDF was English on Spanish pages):
 * each translation says what the English guide says, section for section and point for point,
 * in letters the PDF's fonts can write; a page links its language's guide, else the English one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guideSource, parseGuide, unwritable } from '../../scripts/build-guide.ts';
import { GUIDE_LOCALES, LOCALES, guidePath } from '../../src/shared/locales.ts';

const shape = (locale: (typeof LOCALES)[number]) =>
  parseGuide(readFileSync(guideSource(locale), 'utf8')).map((block) => (block.kind === 'step' ? `step ${block.marker}` : block.kind));

describe('the programme guide in each language', () => {
  it('has the English guide’s sections, points and steps, in letters the PDF can write', () => {
    const english = shape('en');
    expect(english.filter((kind) => kind === 'heading')).toHaveLength(9);
    for (const locale of GUIDE_LOCALES) {
      expect(shape(locale), locale).toEqual(english);
      expect(unwritable(readFileSync(guideSource(locale), 'utf8')), locale).toBeNull();
    }
    // Turkish's letters are beyond the standard fonts: refused, not printed wrong.
    expect(unwritable('Elçi programı')).toBe('ı');
  });

  it('is linked in the page’s language, else in English', () => {
    expect(guidePath('en')).toBe('/guide.pdf');
    expect(guidePath('es')).toBe('/guide.es.pdf');
    expect(guidePath('pt-BR')).toBe('/guide.pt-BR.pdf');
    expect(guidePath('id')).toBe('/guide.id.pdf');
    expect(guidePath('tr')).toBe('/guide.pdf');
    expect(guidePath('pseudo')).toBe('/guide.pdf');
  });
});

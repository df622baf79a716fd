/**
 * The programme guide in each language (issue 40: the guide PDF was English on Spanish pages, and
 * Turkish had none): each translation says what the English guide says, section for section and
 * point for point, in letters the PDF's font can write; the built PDF embeds that font and holds
 * the translation's text; a page links its language's guide, else the English one.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { FONTS, build, guideSource, parseGuide, unwritable } from '../../scripts/build-guide.ts';
import { GUIDE_LOCALES, LOCALES, guidePath } from '../../src/shared/locales.ts';

const shape = (locale: (typeof LOCALES)[number]) =>
  parseGuide(readFileSync(guideSource(locale), 'utf8')).map((block) => (block.kind === 'step' ? `step ${block.marker}` : block.kind));

/** A PDF's objects by number: each one's dictionary and, for a stream, its decoded data. */
function objects(pdf: Buffer): Map<string, { dict: string; data?: string }> {
  const source = pdf.toString('latin1');
  const found = new Map<string, { dict: string; data?: string }>();
  const header = /(\d+) 0 obj\s/g;
  let match: RegExpExecArray | null;
  while ((match = header.exec(source))) {
    const end = source.indexOf('endobj', header.lastIndex);
    const stream = /stream\r?\n/.exec(source.slice(header.lastIndex, end));
    if (!stream) {
      found.set(match[1] ?? '', { dict: source.slice(header.lastIndex, end) });
      header.lastIndex = end;
      continue;
    }
    const dict = source.slice(header.lastIndex, header.lastIndex + stream.index);
    const from = header.lastIndex + stream.index + stream[0].length;
    const raw = pdf.subarray(from, from + Number(/\/Length (\d+)/.exec(dict)?.[1]));
    found.set(match[1] ?? '', { dict, data: (dict.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1') });
    header.lastIndex = from + raw.length;
  }
  return found;
}

/** UTF-16BE hex ('00e7015f') to text. */
const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));

/**
 * The text a PDF shows, as a reader copies it: each page's `TJ` strings (glyph ids) decoded
 * through its fonts' ToUnicode maps, one line per `TJ`. Enough for the PDFs pdfkit writes.
 */
function pdfText(pdf: Buffer): string {
  const all = objects(pdf);
  const ref = (dict: string, key: string) => all.get(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1] ?? '');
  const toUnicode = (font: string) => {
    const glyphs = new Map<number, string>();
    const cmap = ref(all.get(font)?.dict ?? '', 'ToUnicode')?.data ?? '';
    for (const range of cmap.matchAll(/<([0-9a-f]+)>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi)) {
      const first = parseInt(range[1] ?? '', 16);
      [...(range[2] ?? '').matchAll(/<([0-9a-f]+)>/gi)].forEach((to, i) => glyphs.set(first + i, utf16(to[1] ?? '')));
    }
    for (const one of cmap.matchAll(/^<([0-9a-f]{4})>\s*<([0-9a-f]+)>$/gim)) glyphs.set(parseInt(one[1] ?? '', 16), utf16(one[2] ?? ''));
    return glyphs;
  };
  const lines: string[] = [];
  for (const [, page] of [...all].filter(([, o]) => /\/Type \/Page\b/.test(o.dict))) {
    const resources = ref(page.dict, 'Resources')?.dict ?? '';
    const fonts = new Map([...resources.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((f) => [f[1] ?? '', toUnicode(f[2] ?? '')]));
    let glyphs = new Map<number, string>();
    for (const op of (ref(page.dict, 'Contents')?.data ?? '').matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
      if (op[1]) glyphs = fonts.get(op[1]) ?? new Map<number, string>();
      else {
        const ids = [...(op[2] ?? '').matchAll(/<([0-9a-f]*)>/gi)].flatMap((hex) => hex[1]?.match(/.{4}/g) ?? []);
        lines.push(ids.map((id) => glyphs.get(parseInt(id, 16)) ?? '\ufffd').join(''));
      }
    }
  }
  return lines.join('\n');
}

const folder = mkdtempSync(join(tmpdir(), 'guide-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the programme guide in each language', () => {
  it('has the English guide’s sections, points and steps, in letters the PDF can write', () => {
    const english = shape('en');
    expect(english.filter((kind) => kind === 'heading')).toHaveLength(9);
    expect(GUIDE_LOCALES).toEqual(LOCALES);
    for (const locale of GUIDE_LOCALES) {
      expect(shape(locale), locale).toEqual(english);
      expect(unwritable(readFileSync(guideSource(locale), 'utf8')), locale).toBeNull();
    }
    // Turkish's letters, beyond the standard Helvetica's encoding, are the embedded font's.
    expect(unwritable('Elçi programı: Şifrenizi mi unuttunuz? İşlem Geçmişi, Gümüş, Öğren')).toBeNull();
    // A letter the font has no glyph for, or a control character, is refused, not printed wrong.
    expect(unwritable('Elçi 大使')).toBe('大');
    expect(unwritable('tab\there')).toBe('\t');
  });

  it('is built as a PDF embedding a subset of the font, holding every word of its language', { timeout: 60_000 }, async () => {
    const fontSize = statSync(FONTS.regular).size;
    for (const locale of GUIDE_LOCALES) {
      const file = await build(locale, folder);
      expect(file, locale).toBe(join(folder, guidePath(locale).slice(1)));
      const pdf = readFileSync(file);
      expect(pdf.subarray(0, 5).toString(), locale).toBe('%PDF-');
      expect(pdf.subarray(-6).toString().trim(), locale).toBe('%%EOF');
      const source = pdf.toString('latin1');
      // Both faces embedded (FontFile2), as subsets: the whole regular face alone is larger than the PDF.
      expect(source, locale).toMatch(/\/FontName \/[A-Z]{6}\+Inter-Regular\b/);
      expect(source, locale).toMatch(/\/FontName \/[A-Z]{6}\+Inter-Bold\b/);
      expect(source.match(/\/FontFile2 \d+ 0 R/g), locale).toHaveLength(2);
      expect(source, locale).not.toMatch(/\/BaseFont \/Helvetica/);
      expect(pdf.length, locale).toBeLessThan(fontSize);
      expect(source, locale).toContain(`/Lang (${locale})`);

      // Every heading, point, step and paragraph is in the PDF, as a reader copies it (lines are
      // broken at spaces, so spaces are left out of the comparison).
      const shown = pdfText(pdf).replace(/\s+/g, '');
      expect(shown, locale).not.toContain('\ufffd');
      for (const block of parseGuide(readFileSync(guideSource(locale), 'utf8'))) {
        expect(shown, `${locale}: ${block.text}`).toContain(block.text.replace(/\s+/g, ''));
      }
    }
    const turkish = pdfText(readFileSync(join(folder, 'guide.tr.pdf')));
    expect(turkish).toContain('RESMİ ELÇİ PROGRAMI');
    expect(turkish).toContain('GoalChain Elçi Programı Rehberi');
    expect(turkish).toContain('8. Davranış kuralları');
    expect(turkish).toMatch(/sayfa 1\/\d/);
  });

  it('is linked in the page’s language, else in English', () => {
    expect(guidePath('en')).toBe('/guide.pdf');
    expect(guidePath('es')).toBe('/guide.es.pdf');
    expect(guidePath('pt-BR')).toBe('/guide.pt-BR.pdf');
    expect(guidePath('tr')).toBe('/guide.tr.pdf');
    expect(guidePath('id')).toBe('/guide.id.pdf');
    expect(guidePath('pseudo')).toBe('/guide.pdf');
    expect(guidePath('de')).toBe('/guide.pdf');
  });
});

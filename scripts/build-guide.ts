/**
 * Builds the programme guide PDF (landing page 'Download Guide') in each language of
 * GUIDE_LOCALES (src/shared/locales.ts): docs/guide.md into guide.pdf, docs/guide.<locale>.md
 * into guide.<locale>.pdf; the landing page links its language's (guidePath), else English's.
 * Run: tsx scripts/build-guide.ts [folder], default public/, which Vite copies into dist/client.
 * Markdown subset: '#', '##', '-' bullets, '1.' steps, paragraphs.
 *
 * The PDF's font is Inter (OFL), embedded in every language (docs/decisions/037-guide-font.md):
 * the standard Helvetica's encoding (WinAnsi) cannot write Turkish's ş, ğ and ı. pdfkit embeds
 * only the glyphs a guide uses. A guide with a letter the font has no glyph for is refused rather
 * than printed wrong.
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { DEFAULT_LOCALE, GUIDE_LOCALES, guidePath, type Locale } from '../src/shared/locales.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The guide's own words around its text, per language. */
const FRAME: Readonly<Record<Locale, { band: string; page: (n: number, of: number) => string; fallbackTitle: string }>> = {
  en: { band: 'OFFICIAL AMBASSADOR PROGRAM', page: (n, of) => `GoalChain Ambassador Program · page ${n} of ${of}`, fallbackTitle: 'Ambassador Program Guide' },
  es: {
    band: 'PROGRAMA OFICIAL DE EMBAJADORES',
    page: (n, of) => `GoalChain Ambassador Program · página ${n} de ${of}`,
    fallbackTitle: 'Guía del Programa de Embajadores',
  },
  'pt-BR': {
    band: 'PROGRAMA OFICIAL DE EMBAIXADORES',
    page: (n, of) => `GoalChain Ambassador Program · página ${n} de ${of}`,
    fallbackTitle: 'Guia do Programa de Embaixadores',
  },
  tr: { band: 'RESMİ ELÇİ PROGRAMI', page: (n, of) => `GoalChain Ambassador Program · sayfa ${n}/${of}`, fallbackTitle: 'Elçi Programı Rehberi' },
  id: { band: 'PROGRAM DUTA RESMI', page: (n, of) => `GoalChain Ambassador Program · halaman ${n} dari ${of}`, fallbackTitle: 'Panduan Program Duta' },
};

/**
 * The guide's fonts, the text's and the headings': Inter's static TTFs as Google Fonts serves them,
 * from the package @expo-google-fonts/inter (fontkit cannot subset a WOFF2's TrueType outlines).
 */
const fontFile = createRequire(import.meta.url).resolve;
export const FONTS = {
  regular: fontFile('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  bold: fontFile('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
} as const;
const REGULAR = 'Inter';
const BOLD = 'Inter-Bold';

let fonts: fontkit.Font[] | undefined;

/** The first character (other than a line break) that one of the guide's fonts has no glyph for, or null. */
export function unwritable(text: string): string | null {
  fonts ??= Object.values(FONTS).map((file) => {
    const font = fontkit.openSync(file);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection, not a font`);
    return font;
  });
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 10 || code === 13) continue;
    if (code < 32 || fonts.some((font) => !font.hasGlyphForCodePoint(code))) return char;
  }
  return null;
}

const GREEN = '#0b3d2a';
const GOLD = '#c9981a';
const TEXT = '#1d2a24';
const MUTED = '#5b6b63';

type Block = { kind: 'title' | 'heading' | 'paragraph'; text: string } | { kind: 'bullet' | 'step'; text: string; marker: string };

export function parseGuide(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    let match: RegExpExecArray | null;
    if ((match = /^#\s+(.*)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'title', text: match[1] ?? '' });
    } else if ((match = /^##\s+(.*)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'heading', text: match[1] ?? '' });
    } else if ((match = /^[-*]\s+(.*)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'bullet', text: match[1] ?? '', marker: '•' });
    } else if ((match = /^(\d+)\.\s+(.*)$/.exec(line))) {
      flush();
      blocks.push({ kind: 'step', text: match[2] ?? '', marker: `${match[1] ?? ''}.` });
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The guide's source in a language. */
export function guideSource(locale: Locale): string {
  return resolve(root, locale === DEFAULT_LOCALE ? 'docs/guide.md' : `docs/guide.${locale}.md`);
}

/** Writes the guide in a language into a folder (public/ by default); resolves to the file written. */
export function build(locale: Locale, folder = resolve(root, 'public')): Promise<string> {
  const markdown = readFileSync(guideSource(locale), 'utf8');
  const frame = FRAME[locale];
  const cannot = unwritable(`${markdown}${frame.band}${frame.page(1, 1)}`);
  if (cannot) throw new Error(`The ${locale} guide has '${cannot}', which the PDF's font cannot write`);
  const blocks = parseGuide(markdown);
  const title = blocks.find((b) => b.kind === 'title')?.text ?? frame.fallbackTitle;
  const output = resolve(folder, guidePath(locale).slice(1));
  mkdirSync(dirname(output), { recursive: true });
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    lang: locale,
    info: { Title: title, Author: 'GoalChain', Subject: 'Ambassador Program' },
  });
  doc.registerFont(REGULAR, FONTS.regular);
  doc.registerFont(BOLD, FONTS.bold);
  const done = new Promise<string>((resolvePromise, reject) => {
    const stream = createWriteStream(output);
    stream.on('finish', () => resolvePromise(output));
    stream.on('error', reject);
    doc.pipe(stream);
  });

  const width = doc.page.width - 128;
  // Cover band.
  doc.rect(0, 0, doc.page.width, 150).fill(GREEN);
  const cx = doc.page.width - 90;
  doc.circle(cx, 75, 38).lineWidth(5).stroke(GOLD);
  doc.polygon([cx, 55], [cx + 17, 68], [cx + 11, 90], [cx - 11, 90], [cx - 17, 68]).fill(GOLD);
  doc.fillColor(GOLD).font(BOLD).fontSize(11).text(frame.band, 64, 48, { characterSpacing: 2 });
  doc
    .fillColor('#ffffff')
    .fontSize(24)
    .text(title, 64, 68, { width: width - 90 });
  doc.y = 180;

  for (const block of blocks) {
    if (block.kind === 'title') continue;
    if (block.kind === 'heading') {
      if (doc.y > doc.page.height - 160) doc.addPage();
      doc.moveDown(0.8);
      doc.fillColor(GREEN).font(BOLD).fontSize(15).text(block.text, 64, doc.y, { width });
      const y = doc.y + 3;
      doc
        .moveTo(64, y)
        .lineTo(64 + 40, y)
        .lineWidth(2)
        .stroke(GOLD);
      doc.moveDown(0.6);
    } else if (block.kind === 'paragraph') {
      doc.fillColor(TEXT).font(REGULAR).fontSize(11).text(block.text, 64, doc.y, { width, lineGap: 3, align: 'left' });
      doc.moveDown(0.5);
    } else if (block.kind === 'bullet' || block.kind === 'step') {
      doc.font(REGULAR).fontSize(11);
      const height = doc.heightOfString(block.text, { width: width - 28, lineGap: 3 });
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      doc.fillColor(GOLD).font(BOLD).fontSize(11).text(block.marker, 72, y, { width: 18 });
      doc
        .fillColor(TEXT)
        .font(REGULAR)
        .fontSize(11)
        .text(block.text, 92, y, { width: width - 28, lineGap: 3 });
      doc.moveDown(0.3);
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font(REGULAR)
      .fontSize(9)
      .text(frame.page(i + 1, range.count), 64, doc.page.height - 44, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

// Run as a script (not when a test imports its functions).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = resolve(root, process.argv[2] ?? 'public');
  for (const locale of GUIDE_LOCALES) console.log(`guide written to ${await build(locale, folder)}`);
}

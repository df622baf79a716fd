/**
 * Builds the programme guide PDF (landing page 'Download Guide') from docs/guide.md.
 * Run: tsx scripts/build-guide.ts [output], default public/guide.pdf, which Vite
 * copies into dist/client. Markdown subset: '#', '##', '-' bullets, '1.' steps, paragraphs.
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const source = resolve(root, 'docs/guide.md');
const output = resolve(root, process.argv[2] ?? 'public/guide.pdf');

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

function build(): Promise<void> {
  const blocks = parseGuide(readFileSync(source, 'utf8'));
  const title = blocks.find((b) => b.kind === 'title')?.text ?? 'Ambassador Program Guide';
  mkdirSync(dirname(output), { recursive: true });
  const doc = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: { Title: title, Author: 'GoalChain', Subject: 'Ambassador Program' },
  });
  const done = new Promise<void>((resolvePromise, reject) => {
    const stream = createWriteStream(output);
    stream.on('finish', () => resolvePromise());
    stream.on('error', reject);
    doc.pipe(stream);
  });

  const width = doc.page.width - 128;
  // Cover band.
  doc.rect(0, 0, doc.page.width, 150).fill(GREEN);
  const cx = doc.page.width - 90;
  doc.circle(cx, 75, 38).lineWidth(5).stroke(GOLD);
  doc.polygon([cx, 55], [cx + 17, 68], [cx + 11, 90], [cx - 11, 90], [cx - 17, 68]).fill(GOLD);
  doc.fillColor(GOLD).font('Helvetica-Bold').fontSize(11).text('OFFICIAL AMBASSADOR PROGRAM', 64, 48, { characterSpacing: 2 });
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
      doc.fillColor(GREEN).font('Helvetica-Bold').fontSize(15).text(block.text, 64, doc.y, { width });
      const y = doc.y + 3;
      doc
        .moveTo(64, y)
        .lineTo(64 + 40, y)
        .lineWidth(2)
        .stroke(GOLD);
      doc.moveDown(0.6);
    } else if (block.kind === 'paragraph') {
      doc.fillColor(TEXT).font('Helvetica').fontSize(11).text(block.text, 64, doc.y, { width, lineGap: 3, align: 'left' });
      doc.moveDown(0.5);
    } else if (block.kind === 'bullet' || block.kind === 'step') {
      doc.font('Helvetica').fontSize(11);
      const height = doc.heightOfString(block.text, { width: width - 28, lineGap: 3 });
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      doc.fillColor(GOLD).font('Helvetica-Bold').fontSize(11).text(block.marker, 72, y, { width: 18 });
      doc
        .fillColor(TEXT)
        .font('Helvetica')
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
      .font('Helvetica')
      .fontSize(9)
      .text(`GoalChain Ambassador Program · page ${i + 1} of ${range.count}`, 64, doc.page.height - 44, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

await build();
console.log(`guide written to ${output}`);

// Generates frontend/public/terms-of-service.pdf from the same data the /toc page renders.
// Run from /work/main:  npm run build:terms-pdf
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BRAND } from '@shared/brand';
import { TERMS_OF_SERVICE, type LegalListItem } from '../frontend/src/features/legal/legal-content';

const HELV: Record<string, number> = {};
const HELVB: Record<string, number> = {};
const ascii =
  ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
const wR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const wB = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
if (wR.length !== ascii.length || wB.length !== ascii.length) throw new Error('width table');
[...ascii].forEach((c, i) => {
  HELV[c] = wR[i]!;
  HELVB[c] = wB[i]!;
});
// WinAnsi extras: char -> [code, regular width, bold width]
const EXTRA: Record<string, [number, number, number]> = {
  '—': [0x97, 1000, 1000],
  '–': [0x96, 556, 556],
  '•': [0x95, 350, 350],
  '©': [0xa9, 737, 737],
  '’': [0x92, 222, 278],
  '‘': [0x91, 222, 278],
  '“': [0x93, 333, 500],
  '”': [0x94, 333, 500],
  '…': [0x85, 1000, 1000],
};

const width = (s: string, size: number, bold: boolean) =>
  ([...s].reduce((sum, c) => {
    const w = (bold ? HELVB : HELV)[c] ?? (EXTRA[c] ? EXTRA[c]![bold ? 2 : 1] : undefined);
    if (w === undefined) throw new Error(`No glyph for ${JSON.stringify(c)}`);
    return sum + w;
  }, 0) *
    size) /
  1000;

const pdfString = (s: string) =>
  '(' +
  [...s]
    .map((c) => {
      if (c === '(' || c === ')' || c === '\\') return '\\' + c;
      if (HELV[c] !== undefined) return c;
      const e = EXTRA[c];
      if (!e) throw new Error(`No glyph for ${JSON.stringify(c)}`);
      return '\\' + e[0].toString(8).padStart(3, '0');
    })
    .join('') +
  ')';

function wrap(text: string, maxWidth: number, size: number, bold: boolean): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && width(candidate, size, bold) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const PAGE_W = 612,
  PAGE_H = 792,
  MARGIN = 72,
  BOTTOM = 72,
  TEXT_W = PAGE_W - 2 * MARGIN;
const pages: string[][] = [[]];
let y = PAGE_H - MARGIN;
const cur = () => pages[pages.length - 1]!;
function ensure(h: number) {
  if (y - h < BOTTOM) {
    pages.push([]);
    y = PAGE_H - MARGIN;
  }
}
function text(x: number, s: string, size: number, bold: boolean, gray = 0) {
  cur().push(
    `BT /${bold ? 'F2' : 'F1'} ${size} Tf ${gray} g ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(s)} Tj ET`,
  );
}
function paragraph(
  s: string,
  opts: {
    size?: number;
    bold?: boolean;
    indent?: number;
    gap?: number;
    gray?: number;
    bullet?: boolean;
  } = {},
) {
  const size = opts.size ?? 10.5,
    bold = opts.bold ?? false,
    indent = opts.indent ?? 0,
    lead = size * 1.45;
  const lines = wrap(s, TEXT_W - indent, size, bold);
  lines.forEach((line, i) => {
    ensure(lead);
    y -= lead;
    if (opts.bullet && i === 0) text(MARGIN + indent - 12, '•', size, false, opts.gray ?? 0);
    text(MARGIN + indent, line, size, bold, opts.gray ?? 0);
  });
  y -= opts.gap ?? 6;
}
const itemText = (item: LegalListItem) => (typeof item === 'string' ? item : `${item.term}: ${item.text}`);

const doc = TERMS_OF_SERVICE;
paragraph(`${BRAND.name}`, { size: 12, bold: true, gray: 0.3, gap: 2 });
paragraph(doc.title, { size: 22, bold: true, gap: 4 });
paragraph(`Last updated: ${doc.lastUpdated}`, { size: 10, gray: 0.4, gap: 10 });
paragraph(doc.intro, { size: 11, gap: 10 });
doc.sections.forEach((section, index) => {
  ensure(60); // keep a heading with at least a couple of lines of its body
  y -= 8;
  paragraph(`${index + 1}. ${section.title}`, { size: 13, bold: true, gap: 2 });
  for (const block of section.body) {
    if (block.kind === 'p') paragraph(block.text);
    else if (block.kind === 'list')
      block.items.forEach((item) => paragraph(itemText(item), { indent: 18, bullet: true, gap: 3 }));
    else paragraph(`${block.label}: ${block.email}`, { bold: true });
  }
});

const total = pages.length;
pages.forEach((ops, i) => {
  y = 40;
  const footer =
    `${BRAND.name} ${doc.title} · Page ${i + 1} of ${total} · © ${BRAND.copyrightYear} ${BRAND.name}`
      .replace(' · ', ' — ')
      .replace(/ · /g, ' — ');
  ops.push(`BT /F1 8 Tf 0.45 g ${MARGIN} 40 Td ${pdfString(footer)} Tj ET`);
});

// Assemble objects.
const objects: string[] = [];
const add = (body: string) => {
  objects.push(body);
  return objects.length;
};
const catalogId = add(''); // placeholder
const pagesId = add('');
const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
const info = add(
  `<< /Title ${pdfString(`${BRAND.name} ${doc.title}`)} /Author ${pdfString(BRAND.name)} /Subject ${pdfString(doc.title)} /Producer (hand-written generator) /CreationDate (D:20250601000000Z) >>`,
);
const pageIds: number[] = [];
for (const ops of pages) {
  const stream = ops.join('\n');
  const contentId = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  pageIds.push(
    add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${contentId} 0 R >>`,
    ),
  );
}
objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (en-US) >>`;
objects[pagesId - 1] =
  `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets: number[] = [];
objects.forEach((body, i) => {
  offsets.push(Buffer.byteLength(out, 'latin1'));
  out += `${i + 1} 0 obj\n${body}\nendobj\n`;
});
const xref = Buffer.byteLength(out, 'latin1');
out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
const target =
  process.argv[2] ?? fileURLToPath(new URL('../frontend/public/terms-of-service.pdf', import.meta.url));
writeFileSync(target, Buffer.from(out, 'latin1'));
console.log(`wrote ${target}: ${pages.length} pages, ${Buffer.byteLength(out, 'latin1')} bytes`);

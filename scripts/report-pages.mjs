#!/usr/bin/env node
// Renders the first pages of a report's Word document as PNGs, to look at the layout without Word:
// LibreOffice converts the .docx to PDF, pdftoppm rasterises pages 1–3.
//   node scripts/report-pages.mjs <report.docx> <output prefix> [first page] [last page]
//   e.g. node scripts/report-pages.mjs /tmp/report.docx docs/screenshots/report-word   → report-word-1.png …
// The unit test writes a fixture document: REPORT_DOCX_OUT=/tmp/report.docx NODE_OPTIONS=--experimental-vm-modules \
//   npx jest --selectProjects unit --testPathPatterns reports/infrastructure/document
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

const [docxArg, prefixArg, firstArg = '1', lastArg = '3'] = process.argv.slice(2);
if (!docxArg || !prefixArg) {
  console.error('usage: node scripts/report-pages.mjs <report.docx> <output prefix> [first page] [last page]');
  process.exit(2);
}
const docx = resolve(docxArg);
const prefix = resolve(prefixArg);
if (!existsSync(docx)) {
  console.error(`no such file: ${docx}`);
  process.exit(2);
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// the tools are installed only when missing (a CI image or a fresh container)
if (!has('libreoffice') || !has('pdftoppm')) {
  execFileSync('apt-get', ['install', '-y', 'libreoffice-writer-nogui', 'poppler-utils'], { stdio: 'inherit' });
}

const work = mkdtempSync(join(tmpdir(), 'report-pages-'));
try {
  // a profile of its own, so a LibreOffice already running (or another run of this script) does not block the conversion
  execFileSync(
    'libreoffice',
    [`-env:UserInstallation=file://${join(work, 'profile')}`, '--headless', '--convert-to', 'pdf', '--outdir', work, docx],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
  );
  const pdf = join(work, `${basename(docx).replace(/\.docx$/i, '')}.pdf`);
  if (!existsSync(pdf)) throw new Error('LibreOffice wrote no PDF');
  const pages = join(work, 'page');
  execFileSync('pdftoppm', ['-png', '-r', '60', '-f', firstArg, '-l', lastArg, pdf, pages], { stdio: 'inherit' });
  mkdirSync(dirname(prefix), { recursive: true });
  // pdftoppm numbers pages page-1.png or page-01.png depending on the page count; the output is <prefix>-<n>.png
  const written = readdirSync(work)
    .filter((name) => /^page-\d+\.png$/.test(name))
    .sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]))
    .map((name) => {
      const target = `${prefix}-${Number(name.match(/\d+/)[0])}.png`;
      copyFileSync(join(work, name), target);
      return target;
    });
  console.info(written.join('\n'));
} finally {
  rmSync(work, { recursive: true, force: true });
}

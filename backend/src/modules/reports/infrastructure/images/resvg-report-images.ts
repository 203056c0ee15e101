import { Injectable } from '@nestjs/common';
import { renderAsync } from '@resvg/resvg-js';
import { reportChartOption, type CoverLayout, type ReportChartKey, type ReportOverview } from '@zhengai/contracts';
import * as echarts from 'echarts';
import { ReportImages } from '../../application/ports/report-document.port.js';

/** A4 portrait at 96 dpi, the size CoverLayout's numbers refer to. */
export const COVER_WIDTH = 794;
export const COVER_HEIGHT = 1123;
/** Rendered at twice the layout size so the cover stays sharp on a printed page. */
const ZOOM = 2;
export const STAMP_SIZE = 240;
/**
 * Chart canvases (px before the zoom), near the size they are shown at in the document so their 12 px text stays
 * readable: pies sit two abreast (about 300 px each), the bar takes the text width and grows with its bars.
 */
export function chartSize(key: ReportChartKey, overview: ReportOverview): { width: number; height: number } {
  return key === 'warningBar' ? { width: 720, height: 90 + 34 * Math.max(1, overview.zkdmcs.length) } : { width: 400, height: 300 };
}
const FONT = 'Noto Sans CJK SC';
const FONT_STACK = "'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";
const SEAL_RED = '#d9251d';

/**
 * Rendered on libuv's thread pool (resvg's renderAsync), not on the event loop: one image takes 100–250 ms of CPU, a
 * Word document half a dozen, and the API writes one on the first download after a review.
 */
async function toPng(svg: string, zoom = ZOOM): Promise<Buffer> {
  const rendered = await renderAsync(svg, { font: { loadSystemFonts: true, defaultFontFamily: FONT }, fitTo: { mode: 'zoom', value: zoom } });
  return rendered.asPng();
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/** The image's MIME type by its signature (the cover upload accepts PNG and JPEG only). */
function imageMime(image: Buffer): string {
  return image[0] === 0xff && image[1] === 0xd8 ? 'image/jpeg' : 'image/png';
}

/** A text's width in ems: CJK characters are square, Latin letters and digits about half as wide. */
function ems(text: string): number {
  return Array.from(text).reduce((sum, char) => sum + (char.charCodeAt(0) < 0x2e80 ? 0.55 : 1), 0);
}

/**
 * Breaks a title into balanced lines at most `maxEms` wide. CJK titles have no spaces, so any character is a break,
 * except inside a run of Latin letters or digits ('2025' stays whole).
 */
export function wrapTitle(text: string, maxEms: number): string[] {
  const tokens = text.match(/[A-Za-z0-9.%-]+|./gu) ?? [];
  const total = ems(text);
  if (!tokens.length) return [''];
  const target = total / Math.ceil(total / maxEms);
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const width = ems(line + token);
    if (line && (width > maxEms || (width > target + 0.5 && lines.length < Math.ceil(total / maxEms) - 1))) {
      lines.push(line);
      line = token;
    } else {
      line += token;
    }
  }
  lines.push(line);
  return lines;
}

/** The five-pointed star centred at (cx, cy), outer radius r. */
function starPath(cx: number, cy: number, r: number): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.382;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${points.join('L')}Z`;
}

@Injectable()
export class ResvgReportImages extends ReportImages {
  chart(key: ReportChartKey, overview: ReportOverview): Promise<Buffer> {
    const { width, height } = chartSize(key, overview);
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
    try {
      chart.setOption({ backgroundColor: '#ffffff', ...reportChartOption(key, overview) });
      return toPng(chart.renderToSVGString());
    } finally {
      chart.dispose();
    }
  }

  stamp(kind: 'expert' | 'school', organisation: string, label: string): Promise<Buffer> {
    const size = STAMP_SIZE;
    const c = size / 2;
    // an expert's seal has a double rim, the school's the plain official one, so the two read apart side by side
    const innerRim = kind === 'expert' ? `<circle cx="${c}" cy="${c}" r="${c - 17}" fill="none" stroke="${SEAL_RED}" stroke-width="1.5"/>` : '';
    const innerEdge = kind === 'expert' ? c - 22 : c - 15;
    // the organisation runs clockwise along the upper arc, from left round to right over the top (210°, leaving the bottom to the label); the
    // glyphs stand on the arc, so it lies a glyph's height inside the rim
    const orgChars = Array.from(organisation).length || 1;
    const orgSize = Math.max(12, Math.min(24, Math.floor(((innerEdge - 20) * ((210 * Math.PI) / 180) * 0.8) / orgChars)));
    const arcRadius = innerEdge - orgSize * 0.95;
    const start = (165 * Math.PI) / 180;
    const end = (15 * Math.PI) / 180;
    const arc = `M${(c + arcRadius * Math.cos(start)).toFixed(2)},${(c + arcRadius * Math.sin(start)).toFixed(2)} A${arcRadius},${arcRadius} 0 1,1 ${(c + arcRadius * Math.cos(end)).toFixed(2)},${(c + arcRadius * Math.sin(end)).toFixed(2)}`;
    const labelChars = Array.from(label).length || 1;
    const labelSize = Math.max(12, Math.min(20, Math.floor(130 / labelChars)));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><path id="arc" d="${arc}"/></defs>
<g opacity="0.9">
<circle cx="${c}" cy="${c}" r="${c - 6}" fill="none" stroke="${SEAL_RED}" stroke-width="7"/>
${innerRim}
<text font-family="${FONT_STACK}" font-size="${orgSize}" font-weight="bold" fill="${SEAL_RED}" text-anchor="middle"><textPath xlink:href="#arc" href="#arc" startOffset="50%">${escapeXml(organisation)}</textPath></text>
<path d="${starPath(c, c - 4, 30)}" fill="${SEAL_RED}"/>
<text x="${c}" y="${c + 56}" font-family="${FONT_STACK}" font-size="${labelSize}" font-weight="bold" fill="${SEAL_RED}" text-anchor="middle">${escapeXml(label)}</text>
</g>
</svg>`;
    return toPng(svg);
  }

  cover(background: Buffer, layout: CoverLayout, title: { reportName: string; schoolName: string; cycle: string; date: string }): Promise<Buffer> {
    const margin = 80;
    const width = COVER_WIDTH - margin * 2;
    const x = layout.align === 'center' ? COVER_WIDTH / 2 : margin;
    const anchor = layout.align === 'center' ? 'middle' : 'start';
    const size = layout.titleSize;
    const nameLines = wrapTitle(title.reportName, Math.max(4, Math.floor(width / size)));
    const subSize = Math.max(14, Math.round(size * 0.5));
    const top = (COVER_HEIGHT * layout.titleTop) / 100;
    const lines: string[] = [];
    let y = top + size;
    for (const line of nameLines) {
      lines.push(`<text x="${x}" y="${y}" font-size="${size}" font-weight="bold" text-anchor="${anchor}">${escapeXml(line)}</text>`);
      y += size * 1.3;
    }
    // a rule between the title and the facts, the width of the longest title line
    const ruleWidth = Math.min(width, Math.max(...nameLines.map(ems)) * size);
    const ruleX = layout.align === 'center' ? x - ruleWidth / 2 : x;
    lines.push(`<rect x="${ruleX}" y="${y - size * 0.55}" width="${ruleWidth}" height="2" opacity="0.7"/>`);
    y += subSize * 0.6;
    const cycle = title.cycle.endsWith('年度') ? title.cycle : `${title.cycle}年度`;
    for (const [text, scale] of [
      [title.schoolName, 1.1],
      [cycle, 1],
      [title.date, 1],
    ] as const) {
      if (!text) continue;
      lines.push(`<text x="${x}" y="${y}" font-size="${Math.round(subSize * scale)}" text-anchor="${anchor}">${escapeXml(text)}</text>`);
      y += subSize * 1.8;
    }
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<image x="0" y="0" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" preserveAspectRatio="xMidYMid slice" xlink:href="data:${imageMime(background)};base64,${background.toString('base64')}"/>
<g font-family="${FONT_STACK}" fill="${layout.titleColor}">
${lines.join('\n')}
</g>
</svg>`;
    return toPng(svg);
  }

  defaultCoverBackground(): Promise<Buffer> {
    const w = COVER_WIDTH;
    const h = COVER_HEIGHT;
    const rings = [180, 240, 300, 360]
      .map((r, i) => `<circle cx="${w - 60}" cy="${h - 140}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${(0.16 - i * 0.03).toFixed(2)}" stroke-width="1.5"/>`)
      .join('');
    const dots = Array.from({ length: 6 }, (_, row) =>
      Array.from({ length: 8 }, (__, col) => `<circle cx="${70 + col * 22}" cy="${90 + row * 22}" r="2.2" fill="#ffffff" fill-opacity="0.22"/>`).join(''),
    ).join('');
    // the title sits on the light upper part (CoverLayout's defaults: dark text near a third of the height), the deep
    // band and geometry fill the lower part
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f8fc"/><stop offset="0.55" stop-color="#e3edf8"/><stop offset="1" stop-color="#c9dbef"/></linearGradient>
<linearGradient id="band" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0b3a75"/><stop offset="1" stop-color="#1a66b8"/></linearGradient>
<linearGradient id="accent" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d4a63a"/><stop offset="1" stop-color="#f1d38a"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#sky)"/>
<rect x="0" y="0" width="${w}" height="16" fill="url(#band)"/>
<path d="M0 ${h * 0.7} L${w} ${h * 0.58} L${w} ${h} L0 ${h} Z" fill="url(#band)"/>
<path d="M0 ${h * 0.7 - 14} L${w} ${h * 0.58 - 14} L${w} ${h * 0.58 - 6} L0 ${h * 0.7 - 6} Z" fill="url(#accent)"/>
<path d="M0 ${h * 0.82} L${w} ${h * 0.7} L${w} ${h * 0.74} L0 ${h * 0.86} Z" fill="#ffffff" fill-opacity="0.06"/>
${rings}
<g transform="translate(0 ${h * 0.72})">${dots}</g>
</svg>`;
    return toPng(svg, 1);
  }
}

// docs/PERFORMANCE.md is written by parts: the files part writes the head of the page, every other part its own
// section, which runs from its heading to the next part's heading (or the end). A part rewrites only its section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const LIBRARIES_HEADING = '## Target standards: library copy and the quality-point table';
export const WARNINGS_HEADING = '## Monitoring: the warning scan';
export const TARGET_TASKS_HEADING = '## Target tasks: the lists and the task warning scan';
export const OBJECTS_HEADING = '## 诊改对象: the list of 15,000 objects';
export const REPORTS_HEADING = '## Quality reports: building a report';
export const COLLECTION_HEADING = '## Data collection: committing a form and the unique check';
export const SCHOOL_ANALYSIS_HEADING = '## School analysis: rival analysis over the national set';
export const DATA_SCREEN_HEADING = '## Data screen: ten minutes on the wall';
export const THROUGHPUT_HEADING = '## Throughput: the deadline-day reads against a bare NestJS route';
export const WRITES_HEADING = '## Writes: four deadline-day writes at 20 connections';
export const FRONTEND_HEADING = '## Frontend: the first load of the login page and the shell';
export const STALLS_HEADING = '## Stalls: /api/health while one person does the heaviest thing';
export const LAUNCH_HEADING = '## Diagnosis: launching the student level (诊断任务下发)';
export const PEOPLE_HEADING = '## People: the import of 15,000 people and 用户管理\'s list';
export const CENTRES_HEADING = '## Development centres: the overview of 15,000 students';
/** The sections in the order they appear. */
const PART_HEADINGS = [LIBRARIES_HEADING, WARNINGS_HEADING, TARGET_TASKS_HEADING, OBJECTS_HEADING, REPORTS_HEADING, COLLECTION_HEADING, SCHOOL_ANALYSIS_HEADING, DATA_SCREEN_HEADING, THROUGHPUT_HEADING, WRITES_HEADING, FRONTEND_HEADING, STALLS_HEADING, LAUNCH_HEADING, PEOPLE_HEADING, CENTRES_HEADING];

function spanOf(doc, heading) {
  const start = doc.indexOf(heading);
  if (start < 0) return null;
  const ends = PART_HEADINGS.filter((h) => h !== heading).map((h) => doc.indexOf(h, start + heading.length)).filter((i) => i > start);
  return { start, end: ends.length > 0 ? Math.min(...ends) : doc.length };
}

/** A section as it stands in the document, or ''. */
export function sectionOf(doc, heading) {
  const span = spanOf(doc, heading);
  return span ? doc.slice(span.start, span.end).trimEnd() : '';
}

/** Every part's section as it stands, in order (what the files part keeps when it rewrites the head). */
export function partSectionsOf(doc) {
  return PART_HEADINGS.map((h) => sectionOf(doc, h)).filter(Boolean).join('\n\n');
}

/** Puts a section in place of an earlier one, keeping the others and the parts' order. */
export function writeSection(file, heading, section) {
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const firstPart = Math.min(...PART_HEADINGS.map((h) => doc.indexOf(h)).filter((i) => i >= 0), doc.length);
  const head = doc.slice(0, firstPart).trimEnd();
  const parts = PART_HEADINGS.map((h) => (h === heading ? section.trimEnd() : sectionOf(doc, h))).filter(Boolean);
  writeFileSync(file, `${[head, ...parts].join('\n\n')}\n`);
}

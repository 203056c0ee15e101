// Chinese breaks between any two characters; a title should break between its words instead (issue 12: at 1366 px
// the login title broke as `…学院 教 / 学质量监测与分析平台`).

const SCHOOL_END = /(大学|学院|学校|学堂)(?=\S)/;

/**
 * The title's words, each kept on one line where it fits: split at spaces, or after the school's name when there
 * is none (`…学院教学质量监测与分析平台` → `…学院`, `教学质量监测与分析平台`).
 */
export function titleSegments(title: string): string[] {
  const words = title.trim().split(/\s+/).filter(Boolean);
  if (words.length !== 1) return words;
  const match = SCHOOL_END.exec(words[0]!);
  if (!match) return words;
  const cut = match.index + match[0].length;
  return [words[0]!.slice(0, cut), words[0]!.slice(cut)];
}

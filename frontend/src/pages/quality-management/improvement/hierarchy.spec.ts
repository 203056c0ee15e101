import { describe, expect, it } from '@jest/globals';
import { hierarchySpans, hierarchySpansByKey } from './hierarchy';

describe('hierarchy cells', () => {
  it('merges consecutive rows under the same indicator, level by level', () => {
    const paths = [
      ['课程建设', '课程标准', '标准执行'],
      ['课程建设', '课程标准', '标准执行'],
      ['课程建设', '课程教学', '教学效果'],
      ['课程建设', '课程教学', '教学效果'],
      ['计分卡', '培养成效', '就业'],
    ];
    expect(hierarchySpans(paths, 3)).toEqual([
      [4, 2, 2],
      [0, 0, 0],
      [0, 2, 2],
      [0, 0, 0],
      [1, 1, 1],
    ]);
  });

  it('does not merge a lower level across a change above it, even with the same name', () => {
    const paths = [
      ['A', '质量'],
      ['B', '质量'],
    ];
    expect(hierarchySpans(paths, 2)).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('merges only consecutive rows: the same indicator further down starts again', () => {
    const paths = [['A'], ['B'], ['A'], ['A']];
    expect(hierarchySpans(paths, 1)).toEqual([[1], [1], [2], [0]]);
  });

  it('never merges empty cells; shorter paths leave the deeper cells empty', () => {
    const paths = [['A'], ['A'], [], []];
    expect(hierarchySpans(paths, 2)).toEqual([
      [2, 1],
      [0, 1],
      [1, 1],
      [1, 1],
    ]);
  });

  it('handles no rows and no levels', () => {
    expect(hierarchySpans([], 3)).toEqual([]);
    expect(hierarchySpans([['A'], ['A']], 0)).toEqual([[], []]);
  });

  it('gives the spans by row key, computed over the rows shown (a filter merges what it keeps)', () => {
    const rows = [
      { id: 'p1', path: ['A', 'x'] },
      { id: 'p3', path: ['A', 'x'] },
    ];
    const spans = hierarchySpansByKey(rows, (r) => r.id, (r) => r.path, 2);
    expect(spans.get('p1')).toEqual([2, 2]);
    expect(spans.get('p3')).toEqual([0, 0]);
  });
});

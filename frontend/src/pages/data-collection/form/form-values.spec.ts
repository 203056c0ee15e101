import type { FormDirectoryNode } from '@zhengai/contracts';
import { findDirectory, publishStateText } from './form-values';

const node = (id: string, children: FormDirectoryNode[] = []): FormDirectoryNode => ({ id, name: id, parentId: null, sort: 0, formCount: 0, children });

describe('form management values', () => {
  it('finds a directory at any depth, and nothing for a missing or absent id', () => {
    const tree = [node('a', [node('a1', [node('a11')])]), node('b')];
    expect(findDirectory(tree, 'a11')?.id).toBe('a11');
    expect(findDirectory(tree, 'b')?.id).toBe('b');
    expect(findDirectory(tree, 'gone')).toBeNull();
    expect(findDirectory(tree, null)).toBeNull();
  });

  it('shows 已发布 with the version, 未发布 before the first publish', () => {
    expect(publishStateText({ version: 3, publishState: 'published' })).toBe('已发布 v3');
    expect(publishStateText({ version: 0, publishState: 'unpublished' })).toBe('未发布');
  });
});

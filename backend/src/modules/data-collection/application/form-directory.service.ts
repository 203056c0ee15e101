import { Injectable } from '@nestjs/common';
import { COLLECTION_MESSAGES, type FormDirectoryInput, type FormDirectoryNode, type FormDirectoryUpdate } from '@zhengai/contracts';
import { AppError } from '../../../shared/errors/app-error.js';
import { FormDirectoryRepository, type DirectoryRecord } from './ports/form-repository.port.js';

/** The form directories (a tree). Who may call is the 表单管理 menu's rule (the controller's). */
@Injectable()
export class FormDirectoryService {
  constructor(private readonly directories: FormDirectoryRepository) {}

  async tree(): Promise<FormDirectoryNode[]> {
    return treeOf(await this.directories.all());
  }

  async add(_userId: string, input: FormDirectoryInput): Promise<FormDirectoryNode> {
    const parentId = input.parentId ?? null;
    if (parentId !== null && !(await this.directories.find(parentId))) throw new AppError('NOT_FOUND', '上级目录不存在');
    const id = await this.directories.insert({ name: input.name, parentId, sort: input.sort ?? 0 });
    return this.node(id);
  }

  async update(_userId: string, input: FormDirectoryUpdate): Promise<FormDirectoryNode> {
    const found = await this.mustFind(input.id);
    await this.directories.update(found.id, { name: input.name, sort: input.sort ?? found.sort });
    return this.node(found.id);
  }

  async remove(_userId: string, id: string): Promise<null> {
    await this.mustFind(id);
    if (!(await this.directories.deleteIfEmpty(id))) throw new AppError('CONFLICT', COLLECTION_MESSAGES.directoryNotEmpty);
    return null;
  }

  private async mustFind(id: string): Promise<DirectoryRecord> {
    const found = await this.directories.find(id);
    if (!found) throw new AppError('NOT_FOUND', '目录不存在');
    return found;
  }

  /** The directory with its subtree, as the tree shows it. */
  private async node(id: string): Promise<FormDirectoryNode> {
    const all = await this.directories.all();
    const found = findNode(treeOf(all), id);
    if (!found) throw new AppError('NOT_FOUND', '目录不存在');
    return found;
  }
}

/** Records into a tree, siblings by sort then name; a record whose parent is missing is a root. */
function treeOf(records: readonly DirectoryRecord[]): FormDirectoryNode[] {
  const nodes = new Map<string, FormDirectoryNode>(records.map((r) => [r.id, { ...r, children: [] }]));
  const roots: FormDirectoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  const order = (list: FormDirectoryNode[]) => {
    list.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'zh'));
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

function findNode(nodes: readonly FormDirectoryNode[], id: string): FormDirectoryNode | null {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
}

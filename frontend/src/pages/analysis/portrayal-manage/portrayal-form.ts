// The 画像管理 form (pure): a portrayal ↔ the drawer's values ↔ the add/update body.
import type { CardChart, CardSource, Portrayal, PortrayalInput, PortrayalKind } from '@zhengai/contracts';

type Level = Portrayal['level'];

export interface PortrayalFormValues {
  name: string;
  nametwo?: string;
  cm: string;
  level: Level;
  sort?: number;
  description?: string;
  chart?: CardChart;
  source?: CardSource;
  indicator?: string;
  parentId?: string | null;
  roleIds: string[];
  cardIds: string[];
}

/** The sources whose figures come from one national indicator (the form then asks which). */
export function needsIndicator(source: CardSource | undefined): boolean {
  return source === 'indicator-trend' || source === 'indicator-rank';
}

/** The drawer's starting values: the record's, or a new one's (a card defaults to a line chart of the grades). */
export function formValues(kind: PortrayalKind, record: Portrayal | null): PortrayalFormValues {
  if (!record) {
    return { name: '', cm: '', level: 'school', roleIds: [], cardIds: [], parentId: null, ...(kind === 'card' ? { chart: 'bar' as const, source: 'points-by-grade' as const } : {}) };
  }
  return {
    name: record.name,
    nametwo: record.nametwo || undefined,
    cm: record.cm,
    level: record.level,
    sort: record.sort,
    description: record.description ?? undefined,
    chart: record.content?.chart,
    source: record.content?.source,
    indicator: record.content?.indicator,
    parentId: record.parentId,
    roleIds: record.roleIds,
    cardIds: record.children.filter((c) => c.kind === 'card').map((c) => c.id),
  };
}

/** The add/update body: a card carries its content, a menu its parent, a menu or screen its cards. */
export function toInput(kind: PortrayalKind, values: PortrayalFormValues, id?: string): PortrayalInput {
  const text = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);
  const input: PortrayalInput = {
    kind,
    name: values.name.trim(),
    nametwo: text(values.nametwo),
    cm: values.cm.trim(),
    level: values.level,
    sort: values.sort,
    description: text(values.description) ?? null,
    roleIds: values.roleIds,
  };
  if (id) input.id = id;
  if (kind === 'card') {
    const source = values.source ?? 'points-by-grade';
    input.content = { chart: values.chart ?? 'bar', source, ...(needsIndicator(source) && values.indicator ? { indicator: values.indicator } : {}) };
  } else {
    input.cardIds = values.cardIds;
  }
  if (kind === 'menu') input.parentId = values.parentId ?? null;
  return input;
}

/** Menus as TreeSelect nodes, leaving out `exclude` and everything under it (a menu cannot sit under itself). */
export interface MenuOption {
  value: string;
  title: string;
  children: MenuOption[];
}
export function menuOptions(menus: Portrayal[], exclude?: string): MenuOption[] {
  return menus
    .filter((m) => m.kind === 'menu' && m.id !== exclude)
    .map((m) => ({ value: m.id, title: m.name, children: menuOptions(m.children, exclude) }));
}
